import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { AppendOptions, FileStorage } from '../../../application/files/ports/file-storage.ts';
import type { ByteRange } from '../../../domain/files/byte-range.ts';
import { appendInPieces } from '../append-in-pieces.ts';

/** Bytes buffered before one part is put: the most an append holds in memory. */
export const PART_BYTES = 8 * 1024 * 1024;

interface Part {
  readonly key: string;
  readonly offset: number;
  readonly size: number;
}

/**
 * Bytes in any S3-compatible store. S3 objects cannot be appended to, so an object of this port is a series of
 * S3 objects `<prefix><key>/<offset, 16 digits>`, each one appended piece (at most PART_BYTES; a resumed upload
 * adds more); listing them in key order gives the bytes in order, and a range read asks each part it covers for
 * its own range. Memory: one part while writing, the SDK's stream while reading.
 */
export class S3FileStorage implements FileStorage {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor({ client, bucket, prefix = 'files/' }: { client: S3Client; bucket: string; prefix?: string }) {
    this.#client = client;
    this.#bucket = bucket;
    this.#prefix = prefix;
  }

  async append(key: string, source: AsyncIterable<Uint8Array>, options: AppendOptions = {}): Promise<void> {
    const offset = await this.size(key);
    await appendInPieces(
      source,
      { offset, pieceBytes: PART_BYTES, beforeWrite: options.beforeWrite },
      async (at, body) => {
        await this.#client.send(
          new PutObjectCommand({ Bucket: this.#bucket, Key: this.#partKey(key, at), Body: body }),
        );
      },
    );
  }

  async size(key: string): Promise<number> {
    let end = 0;
    for await (const part of this.#parts(key)) end = part.offset + part.size;
    return end;
  }

  async *read(key: string, range?: ByteRange): AsyncIterable<Uint8Array> {
    const first = range?.start ?? 0;
    const last = range?.end ?? Number.MAX_SAFE_INTEGER;
    for await (const part of this.#parts(key)) {
      const partEnd = part.offset + part.size - 1;
      if (partEnd < first || part.size === 0) continue;
      if (part.offset > last) return;
      const from = Math.max(first, part.offset) - part.offset;
      const to = Math.min(last, partEnd) - part.offset;
      const answer = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: part.key, Range: `bytes=${from}-${to}` }),
      );
      // A store that ignores the range (no Content-Range: s3rver does for `bytes=0-0`) sends the whole part.
      let skip = answer.ContentRange ? 0 : from;
      let left = to - from + 1;
      for await (const chunk of answer.Body as Readable) {
        const bytes = (chunk as Uint8Array).subarray(Math.min(skip, (chunk as Uint8Array).length));
        skip = Math.max(0, skip - (chunk as Uint8Array).length);
        if (bytes.length === 0) continue;
        const taken = bytes.subarray(0, left);
        left -= taken.length;
        yield taken;
        if (left === 0) break;
      }
    }
  }

  async delete(key: string): Promise<void> {
    let batch: { Key: string }[] = [];
    const drop = async () => {
      if (batch.length === 0) return;
      await this.#client.send(
        new DeleteObjectsCommand({ Bucket: this.#bucket, Delete: { Objects: batch, Quiet: true } }),
      );
      batch = [];
    };
    // Listed first, deleted after: deleting while listing would shift the pages under the listing.
    const keys: string[] = [];
    for await (const part of this.#parts(key)) keys.push(part.key);
    for (const partKey of keys) {
      batch.push({ Key: partKey });
      if (batch.length === 1000) await drop();
    }
    await drop();
  }

  async *keysWrittenBefore(before: Date): AsyncIterable<string> {
    // Listing sorts by key, so an object's parts come together: the object is done when another begins.
    let current: { key: string; last: Date } | undefined;
    let token: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: this.#prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.#prefix.length).split('/')[0];
        if (!key) continue;
        const modified = object.LastModified ?? new Date(0);
        if (current?.key === key) {
          if (modified > current.last) current.last = modified;
          continue;
        }
        if (current && current.last < before) yield current.key;
        current = { key, last: modified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    if (current && current.last < before) yield current.key;
  }

  /** The object's parts in order (keys sort by offset: fixed-width digits). */
  async *#parts(key: string): AsyncIterable<Part> {
    let token: string | undefined;
    const prefix = `${this.#prefix}${key}/`;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const offset = Number(object.Key?.slice(prefix.length));
        if (object.Key && Number.isSafeInteger(offset))
          yield { key: object.Key, offset, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  #partKey(key: string, offset: number): string {
    return `${this.#prefix}${key}/${String(offset).padStart(16, '0')}`;
  }
}

import type { AppendOptions, FileStorage } from '../../../application/files/ports/file-storage.ts';
import type { ByteRange } from '../../../domain/files/byte-range.ts';
import type { S3Settings } from './s3-client.ts';

/**
 * The S3 storage, its SDK (`@aws-sdk/client-s3`, one of the largest packages the server has) imported on the
 * first use rather than at start: a server that stores no file in that minute holds none of it.
 */
export class LazyS3FileStorage implements FileStorage {
  readonly #settings: S3Settings;
  readonly #bucket: string;
  #storage: Promise<FileStorage> | undefined;

  constructor({ bucket, settings }: { bucket: string; settings: S3Settings }) {
    this.#settings = settings;
    this.#bucket = bucket;
  }

  async append(key: string, source: AsyncIterable<Uint8Array>, options?: AppendOptions): Promise<void> {
    return (await this.#loaded()).append(key, source, options);
  }

  async size(key: string): Promise<number> {
    return (await this.#loaded()).size(key);
  }

  async *read(key: string, range?: ByteRange): AsyncIterable<Uint8Array> {
    yield* (await this.#loaded()).read(key, range);
  }

  async delete(key: string): Promise<void> {
    return (await this.#loaded()).delete(key);
  }

  async *keysWrittenBefore(before: Date): AsyncIterable<string> {
    yield* (await this.#loaded()).keysWrittenBefore(before);
  }

  #loaded(): Promise<FileStorage> {
    this.#storage ??= Promise.all([import('./s3-client.ts'), import('./s3-file-storage.ts')]).then(
      ([{ s3Client }, { S3FileStorage }]) =>
        new S3FileStorage({ client: s3Client(this.#settings), bucket: this.#bucket }),
    );
    return this.#storage;
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FilesystemFileStorage } from '../../src/adapters/files/filesystem/filesystem-file-storage.ts';
import { InMemoryFileStorage } from '../../src/adapters/files/memory/in-memory-file-storage.ts';
import { PostgresFileStorage } from '../../src/adapters/files/postgres/postgres-file-storage.ts';
import { LazyS3FileStorage } from '../../src/adapters/files/s3/lazy-s3-file-storage.ts';
import { s3Client } from '../../src/adapters/files/s3/s3-client.ts';
import { S3FileStorage } from '../../src/adapters/files/s3/s3-file-storage.ts';
import type { FileStorage } from '../../src/application/files/ports/file-storage.ts';
import { testDatabase } from './test-database.ts';
import { startTestS3 } from './test-s3.ts';

/** A FileStorage adapter under test, and what releases it. */
export interface StorageUnderTest {
  readonly storage: FileStorage;
  release(): Promise<void>;
}

/** Every FileStorage adapter, each against the real thing (a folder, the test database). */
export const FILE_STORAGES: Record<string, () => Promise<StorageUnderTest>> = {
  memory: async () => ({ storage: new InMemoryFileStorage(), release: async () => {} }),
  filesystem: async () => {
    const root = await mkdtemp(join(tmpdir(), 'file-storage-'));
    return {
      storage: new FilesystemFileStorage({ root: join(root, 'files') }),
      release: () => rm(root, { recursive: true, force: true }),
    };
  },
  postgres: async () => ({
    storage: new PostgresFileStorage({ db: (await testDatabase()).db }),
    release: async () => {},
  }),
  s3: async () => {
    const s3 = await startTestS3();
    const client = s3Client({ ...s3, region: 'us-east-1' });
    return {
      storage: new S3FileStorage({ client, bucket: s3.bucket }),
      release: async () => {
        client.destroy();
        await s3.close();
      },
    };
  },
  // What FILE_STORAGE=s3 runs: the same adapter, its SDK imported on the first call.
  's3, loaded on first use': async () => {
    const s3 = await startTestS3();
    return {
      storage: new LazyS3FileStorage({ settings: { ...s3, region: 'us-east-1' }, bucket: s3.bucket }),
      release: () => s3.close(),
    };
  },
};

/** `bytes` as a stream of pieces of `size` bytes. */
export async function* piecesOf(bytes: Uint8Array, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

export async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of source) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

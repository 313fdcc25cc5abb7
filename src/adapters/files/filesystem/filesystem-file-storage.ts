import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppendOptions, FileStorage } from '../../../application/files/ports/file-storage.ts';
import type { ByteRange } from '../../../domain/files/byte-range.ts';

/** Keys are ids the service made; anything else never becomes a path. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Bytes in one file per object under `DATA_DIR/files` (one instance: the folder is not shared). */
export class FilesystemFileStorage implements FileStorage {
  readonly #root: string;

  constructor({ root }: { root: string }) {
    this.#root = root;
  }

  async append(key: string, source: AsyncIterable<Uint8Array>, options: AppendOptions = {}): Promise<void> {
    await mkdir(this.#root, { recursive: true, mode: 0o700 });
    const handle = await open(this.#path(key), 'a', 0o600);
    try {
      for await (const chunk of source) {
        await options.beforeWrite?.();
        await handle.write(chunk);
      }
    } finally {
      await handle.close();
    }
  }

  async size(key: string): Promise<number> {
    try {
      return (await stat(this.#path(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
  }

  read(key: string, range?: ByteRange): AsyncIterable<Uint8Array> {
    return createReadStream(this.#path(key), range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  async *keysWrittenBefore(before: Date): AsyncIterable<string> {
    let names: string[];
    try {
      names = await readdir(this.#root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names.filter((entry) => KEY.test(entry))) {
      const modified = await stat(join(this.#root, name)).then(
        (stats) => stats.mtime,
        () => undefined,
      );
      if (modified && modified < before) yield name;
    }
  }

  #path(key: string): string {
    if (!KEY.test(key)) throw new Error('not a storage key');
    return join(this.#root, key);
  }
}

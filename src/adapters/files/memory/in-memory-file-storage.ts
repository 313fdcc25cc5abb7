import type { AppendOptions, FileStorage } from '../../../application/files/ports/file-storage.ts';
import type { ByteRange } from '../../../domain/files/byte-range.ts';

/** Bytes in this process's memory (PERSISTENCE=memory): lost at exit, and held whole, for tests and trials. */
export class InMemoryFileStorage implements FileStorage {
  readonly #objects = new Map<string, Buffer[]>();
  /** When each object was last written (the time of the machine, as the other storages keep it). */
  readonly #writtenAt = new Map<string, Date>();

  async append(key: string, source: AsyncIterable<Uint8Array>, options: AppendOptions = {}): Promise<void> {
    const parts = this.#objects.get(key) ?? [];
    this.#objects.set(key, parts);
    this.#writtenAt.set(key, new Date());
    for await (const chunk of source) {
      await options.beforeWrite?.();
      parts.push(Buffer.from(chunk));
      this.#writtenAt.set(key, new Date());
    }
  }

  async size(key: string): Promise<number> {
    return (this.#objects.get(key) ?? []).reduce((sum, part) => sum + part.length, 0);
  }

  async *read(key: string, range?: ByteRange): AsyncIterable<Uint8Array> {
    let start = 0;
    for (const part of this.#objects.get(key) ?? []) {
      const end = start + part.length - 1;
      const from = Math.max(start, range?.start ?? 0);
      const to = Math.min(end, range?.end ?? end);
      if (from <= to) yield part.subarray(from - start, to - start + 1);
      start = end + 1;
    }
  }

  async delete(key: string): Promise<void> {
    this.#objects.delete(key);
    this.#writtenAt.delete(key);
  }

  async *keysWrittenBefore(before: Date): AsyncIterable<string> {
    for (const [key, writtenAt] of [...this.#writtenAt]) if (writtenAt < before) yield key;
  }
}

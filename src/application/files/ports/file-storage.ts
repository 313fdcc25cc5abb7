import type { ByteRange } from '../../../domain/files/byte-range.ts';

export interface AppendOptions {
  readonly beforeWrite?: () => Promise<void>;
}

/**
 * Where files' bytes live, by key (a file's or an unfinished upload's id). Adapters stream: neither writing nor
 * reading holds more than a bounded buffer (a chunk or a few) in memory, whatever the size.
 */
export interface FileStorage {
  /**
   * Appends the bytes of `source` to the object `key` (creating it when missing) as they arrive. When `source`
   * fails midway, the bytes received before the failure are kept (a resumable upload continues from them)
   * and the failure is rethrown. `beforeWrite`, when given, is awaited before any bytes are stored (each chunk
   * or buffered piece, including the bytes kept after a failure); when it throws, nothing more is stored and
   * its error is thrown (a PATCH that lost its upload to another request must not write what it buffered).
   */
  append(key: string, source: AsyncIterable<Uint8Array>, options?: AppendOptions): Promise<void>;
  /** The bytes stored under `key` (0 when there is no such object). */
  size(key: string): Promise<number>;
  /** The object's bytes, or those of `range` only, in order. */
  read(key: string, range?: ByteRange): AsyncIterable<Uint8Array>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /**
   * The key of every object last written before `before`, each once, in no particular order (the orphan sweep
   * compares them with the files and uploads that still exist). Deleting objects while iterating is allowed.
   */
  keysWrittenBefore(before: Date): AsyncIterable<string>;
}

import type { AppendOptions, FileStorage } from '../../../application/files/ports/file-storage.ts';
import type { ByteRange } from '../../../domain/files/byte-range.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { outsideWaitBudget } from '../../platform/system/wait-budget.ts';
import { appendInPieces } from '../append-in-pieces.ts';

/** Rows are about this size: small enough for a statement well within its deadline, large enough to be few. */
export const CHUNK_BYTES = 1024 * 1024;
/**
 * Bytes per read statement, which travel as base64 text (4/3 of the size, see `#slice`). Small enough that an
 * answer fits in one 64 KiB socket read: a longer one (48 KiB slices as hex were 96 KiB) is first merged by
 * node-postgres's parser into a new buffer of twice the read's size, and that, the reads and the decoded slice
 * came to over six times the file's bytes in allocations freed only by a collection (the download's RSS grew
 * by +96 MiB for 100 MiB). And small enough that the text stays short-lived garbage of the young generation.
 */
const READ_SLICE_BYTES = 32 * 1024;
/** Object keys listed per statement by the orphan sweep. */
const KEYS_BATCH = 500;
/** Chunk places (offset and length) fetched per statement while reading. */
const PLACES_BATCH = 256;

/**
 * Bytes in `file_chunks`, shared by every instance. Writing holds one chunk in memory, reading a batch of
 * chunks: memory does not grow with a file's size. Each chunk is its own statement (and commit), outside the
 * request's wait budget (each keeps its statement deadline), so an upload's length is bounded by the file
 * limit, not by the budget of a short request.
 */
export class PostgresFileStorage implements FileStorage {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
  }

  async append(key: string, source: AsyncIterable<Uint8Array>, options: AppendOptions = {}): Promise<void> {
    const offset = await this.size(key);
    await appendInPieces(
      source,
      { offset, pieceBytes: CHUNK_BYTES, beforeWrite: options.beforeWrite },
      async (at, data) => {
        await this.#query('insert into file_chunks (object_key, byte_offset, data) values ($1, $2, $3)', [
          key,
          at,
          data,
        ]);
      },
    );
  }

  async size(key: string): Promise<number> {
    const [row] = await this.#query<{ end: string }>(
      `select byte_offset + octet_length(data) as end from file_chunks
        where object_key = $1 order by byte_offset desc limit 1`,
      [key],
    );
    return Number(row?.end ?? 0);
  }

  async *keysWrittenBefore(before: Date): AsyncIterable<string> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await this.#query<{ object_key: string }>(
        `select object_key from file_chunks where object_key > $1
          group by object_key having max(created_at) < $2 order by object_key limit ${KEYS_BATCH}`,
        [after, before],
      );
      for (const row of rows) yield row.object_key;
      const last = rows.at(-1);
      if (!last || rows.length < KEYS_BATCH) return;
      after = last.object_key;
    }
  }

  async *read(key: string, range?: ByteRange): AsyncIterable<Uint8Array> {
    let position = range?.start ?? 0;
    const last = range?.end ?? Number.MAX_SAFE_INTEGER;
    const [first] = await this.#query<{ byte_offset: string }>(
      `select byte_offset from file_chunks where object_key = $1 and byte_offset <= $2
        order by byte_offset desc limit 1`,
      [key, position],
    );
    let from = Number(first?.byte_offset ?? 0);
    while (position <= last) {
      // The chunks' places first (small rows), then each chunk's bytes alone: one chunk at a time in memory.
      const places = await this.#query<{ byte_offset: string; length: number }>(
        `select byte_offset, octet_length(data) as length from file_chunks
          where object_key = $1 and byte_offset >= $2 and byte_offset <= $3
          order by byte_offset limit ${PLACES_BATCH}`,
        [key, from, last],
      );
      if (places.length === 0) return;
      for (const place of places) {
        const start = Number(place.byte_offset);
        const end = start + place.length - 1;
        while (position <= Math.min(end, last)) {
          const length = Math.min(READ_SLICE_BYTES, Math.min(end, last) - position + 1);
          yield await this.#slice(key, start, position - start, length);
          position += length;
        }
        from = end + 1;
        if (position > last) return;
      }
    }
  }

  /**
   * `length` bytes of the chunk at `offset`, from its byte `from` on. The column is stored uncompressed, so
   * PostgreSQL reads only the TOAST pieces the slice covers.
   */
  async #slice(key: string, offset: number, from: number, length: number): Promise<Buffer> {
    // base64 rather than bytea's hex output: a third smaller on the wire and as a string (Node's decoder skips
    // the line breaks PostgreSQL puts every 76 characters).
    const [row] = await this.#query<{ data: string }>(
      `select encode(substring(data from $3 for $4), 'base64') as data from file_chunks
        where object_key = $1 and byte_offset = $2`,
      [key, offset, from + 1, length],
    );
    if (!row) throw new Error('a chunk of a stored object is missing');
    return Buffer.from(row.data, 'base64');
  }

  async delete(key: string): Promise<void> {
    // In batches: one statement per few chunks, each well within its deadline, whatever the file's size.
    for (;;) {
      const rows = await this.#query(
        `delete from file_chunks where (object_key, byte_offset) in (
           select object_key, byte_offset from file_chunks where object_key = $1 limit 64)
         returning byte_offset`,
        [key],
      );
      if (rows.length < 64) return;
    }
  }

  #query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return outsideWaitBudget(() => this.#db.query<T>(sql, params));
  }
}

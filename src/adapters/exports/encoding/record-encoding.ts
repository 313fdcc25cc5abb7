import { stringify } from 'csv-stringify/sync';

/** A CSV column: its header and its cell from the record as the API presents it. */
export type CsvColumn<T> = readonly [header: string, cell: (record: T) => unknown];

/**
 * Text pieces joined into buffers of about BATCH_BYTES: one buffer a record would leave thousands of small
 * buffers, and their memory, waiting for a full collection once the storage held them past a young one.
 */
const BATCH_BYTES = 64 * 1024;

async function* batched(pieces: AsyncIterable<string>): AsyncIterable<Uint8Array> {
  let batch: string[] = [];
  let length = 0;
  for await (const piece of pieces) {
    batch.push(piece);
    length += piece.length;
    if (length >= BATCH_BYTES) {
      yield Buffer.from(batch.join(''));
      batch = [];
      length = 0;
    }
  }
  if (batch.length > 0) yield Buffer.from(batch.join(''));
}

/** One JSON object a line (NDJSON, `application/x-ndjson`). */
export function ndjsonLines<T>(records: AsyncIterable<T>, present: (record: T) => unknown) {
  return batched(
    (async function* () {
      for await (const record of records) yield `${JSON.stringify(present(record))}\n`;
    })(),
  );
}

/**
 * RFC 4180 CSV with a header row, written a row at a time by `csv-stringify`. Objects and arrays become their
 * JSON, booleans `true` and `false`, null empty; a text cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return: OWASP's CSV injection list) gets a leading `'`.
 */
export function csvRows<T, P>(
  records: AsyncIterable<T>,
  present: (record: T) => P,
  columns: readonly CsvColumn<P>[],
) {
  return batched(
    (async function* () {
      yield stringify([columns.map(([header]) => header)]);
      // Rows are written CSV_ROWS at a time: each call of `stringify` builds a stringifier and its options.
      let rows: (string | number | null)[][] = [];
      for await (const record of records) {
        const presented = present(record);
        rows.push(columns.map(([, cell]) => csvCell(cell(presented))));
        if (rows.length === CSV_ROWS) {
          yield stringify(rows);
          rows = [];
        }
      }
      if (rows.length > 0) yield stringify(rows);
    })(),
  );
}

/** CSV rows handed to `csv-stringify` per call. */
const CSV_ROWS = 64;

function csvCell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

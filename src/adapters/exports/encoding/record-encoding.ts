import { stringify } from 'csv-stringify/sync';

/** A CSV column: its header and its cell from the record as the API presents it. */
export type CsvColumn<T> = readonly [header: string, cell: (record: T) => unknown];

/** One JSON object a line (NDJSON, `application/x-ndjson`). */
export async function* ndjsonLines<T>(records: AsyncIterable<T>, present: (record: T) => unknown) {
  for await (const record of records) yield Buffer.from(`${JSON.stringify(present(record))}\n`);
}

/**
 * RFC 4180 CSV with a header row, written a row at a time by `csv-stringify`. Objects and arrays become their
 * JSON, booleans `true` and `false`, null empty; a text cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return: OWASP's CSV injection list) gets a leading `'`.
 */
export async function* csvRows<T, P>(
  records: AsyncIterable<T>,
  present: (record: T) => P,
  columns: readonly CsvColumn<P>[],
) {
  yield Buffer.from(stringify([columns.map(([header]) => header)]));
  for await (const record of records) {
    const presented = present(record);
    yield Buffer.from(stringify([columns.map(([, cell]) => csvCell(cell(presented)))]));
  }
}

function csvCell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

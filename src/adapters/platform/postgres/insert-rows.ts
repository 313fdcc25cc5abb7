import type { SqlParameters } from './sql-parameters.ts';

/**
 * The `values (...), (...)` list of a multi-row insert: every value bound (a Buffer travels as binary, never
 * as an escaped literal), each placeholder with its column's cast (`::jsonb`, or '' for none).
 */
export function valuesList(
  rows: readonly (readonly unknown[])[],
  casts: readonly string[],
  params: SqlParameters,
): string {
  return rows
    .map((row) => `(${row.map((value, column) => `${params.add(value)}${casts[column]}`).join(', ')})`)
    .join(',\n');
}

/** A JSON column's parameter: its text, or null. */
export function jsonParam(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

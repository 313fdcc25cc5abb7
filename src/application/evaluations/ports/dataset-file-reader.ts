import type { ItemDraft } from '../../../domain/evaluations/dataset.ts';

/**
 * Reads dataset items from a file's text: NDJSON (one `{input, expected?, metadata?}` a line) or CSV with a
 * header row naming `input` and `expected` (and optionally `metadata`) columns, whose cells are read as JSON
 * when they parse, else kept as strings. Throws InvalidInput naming the line or row that does not fit.
 */
export interface DatasetFileReader {
  read(text: string, format: 'ndjson' | 'csv'): ItemDraft[];
}

import { parse } from 'csv-parse/sync';
import type { DatasetFileReader } from '../../application/evaluations/ports/dataset-file-reader.ts';
import type { ItemDraft } from '../../domain/evaluations/dataset.ts';
import { InvalidInput } from '../../domain/kernel/errors.ts';

/** NDJSON with JSON.parse, CSV with csv-parse (quoted cells, embedded new lines, a byte order mark). */
export const csvNdjsonDatasetFileReader: DatasetFileReader = {
  read(text, format) {
    return format === 'csv' ? readCsv(text) : readNdjson(text);
  },
};

function readNdjson(text: string): ItemDraft[] {
  const items: ItemDraft[] = [];
  for (const [index, line] of text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .entries()) {
    if (line.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new InvalidInput(`line ${index + 1} is not JSON`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !('input' in parsed))
      throw new InvalidInput(`line ${index + 1} must be an object {input, expected?, metadata?}`);
    const { input, expected, metadata, ...rest } = parsed as Record<string, unknown>;
    if (Object.keys(rest).length > 0)
      throw new InvalidInput(`line ${index + 1} has fields other than input, expected and metadata`);
    items.push({ input, expected, metadata });
  }
  return items;
}

function readCsv(text: string): ItemDraft[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(text, { bom: true, columns: true, skip_empty_lines: true });
  } catch (error) {
    throw new InvalidInput(`the CSV does not parse: ${(error as Error).message}`);
  }
  if (rows.length > 0 && !('input' in (rows[0] as object)))
    throw new InvalidInput('the CSV header must name an input column');
  return rows.map((row, index) => {
    const expected = row.expected === undefined || row.expected === '' ? undefined : cell(row.expected);
    const metadata = row.metadata === undefined || row.metadata === '' ? undefined : cell(row.metadata);
    if (metadata !== undefined && (typeof metadata !== 'object' || Array.isArray(metadata)))
      throw new InvalidInput(`row ${index + 2}: metadata must be a JSON object`);
    return { input: cell(row.input ?? ''), expected, metadata };
  });
}

/** A cell as JSON when it parses, else the text as it is. */
function cell(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

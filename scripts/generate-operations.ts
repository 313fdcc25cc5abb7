// Writes the configuration table of docs/OPERATIONS.md and README.md (between `<!-- config:start -->` and
// `<!-- config:end -->`) from the configuration schema (src/config/, joined by src/config.ts):
// `node scripts/generate-operations.ts`.
// test/unit/scripts/operations-doc.test.ts fails when a committed table differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { configVariables } from '../src/config.ts';

export const DOCUMENTS = ['docs/OPERATIONS.md', 'README.md'].map((path) =>
  resolve(import.meta.dirname, '..', path),
);

const START = '<!-- config:start -->';
const END = '<!-- config:end -->';

/** The markdown table of every variable, generated from the schema. */
export function configurationTable(): string {
  const rows = configVariables().map(
    (variable) =>
      `| \`${variable.name}\` | ${variable.default} | ${variable.meaning}${variable.secret ? ' (secret: never logged or echoed)' : ''} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** `text` with its generated section replaced by `table`; throws when the markers are missing. */
export function withTable(text: string, table: string): string {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`the markers ${START} and ${END} are missing`);
  return `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`;
}

if (import.meta.main) {
  const table = configurationTable();
  for (const path of DOCUMENTS) writeFileSync(path, withTable(readFileSync(path, 'utf8'), table));
  console.log(
    `wrote the configuration table (${table.split('\n').length - 2} variables) into ${DOCUMENTS.length} documents`,
  );
}

import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import {
  type CsvColumn,
  csvRows,
  ndjsonLines,
} from '../../../../src/adapters/exports/encoding/record-encoding.ts';

async function text(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += Buffer.from(chunk).toString();
  return all;
}

async function* records<T>(...items: T[]) {
  yield* items;
}

describe('export record encoding', () => {
  type Row = { name: unknown; data: unknown };
  const columns: CsvColumn<Row>[] = [
    ['name', (r) => r.name],
    ['data', (r) => r.data],
  ];

  it('writes CSV with a header, quoting what needs it, objects as JSON, formulas defused', async () => {
    const csv = await text(
      csvRows(
        records(
          { name: 'plain', data: { a: [1, 'b'] } },
          { name: 'comma, "quote"\nnewline', data: null },
          { name: '=1+2', data: '@SUM(A1)' },
          { name: '-3', data: 4 },
          { name: '+x', data: true },
          { name: '\tTab', data: '\rCR' },
        ),
        (r: Row) => r,
        columns,
      ),
    );
    expect(parse(csv)).to.deep.equal([
      ['name', 'data'],
      ['plain', '{"a":[1,"b"]}'],
      ['comma, "quote"\nnewline', ''],
      ["'=1+2", "'@SUM(A1)"],
      ["'-3", '4'],
      ["'+x", 'true'],
      ["'\tTab", "'\rCR"],
    ]);
  });

  it('writes one JSON object a line', async () => {
    const ndjson = await text(ndjsonLines(records({ a: 1 }, { b: 'line\nbreak' }), (r) => r));
    expect(ndjson).to.equal('{"a":1}\n{"b":"line\\nbreak"}\n');
  });
});

// Compares two V8 heap snapshots (as scripts/resilience/soak.ts and streams.ts write them with --snapshots):
// the objects of each kind (constructor name, or the node type for strings, code, arrays...) in each, by count
// and by their own size, and the kinds that grew most. What a leak looks like: a kind whose count grows with
// the requests served. Usage: node scripts/resilience/heap-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot [--top 25]
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' } },
});
const [beforePath, afterPath] = positionals;
if (!beforePath || !afterPath) throw new Error('usage: heap-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot');

interface Kind {
  count: number;
  bytes: number;
}

/** Objects by kind in one snapshot: `{count, bytes}` of their self sizes. */
async function kinds(path: string): Promise<Map<string, Kind>> {
  const snapshot = JSON.parse(await readFile(path, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const byKind = new Map<string, Kind>();
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt] as number] as string;
    const name = snapshot.strings[snapshot.nodes[i + nameAt] as number] as string;
    const kind = type === 'object' || type === 'closure' ? `${type} ${name}` : `(${type})`;
    const entry = byKind.get(kind) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += snapshot.nodes[i + sizeAt] as number;
    byKind.set(kind, entry);
  }
  return byKind;
}

const before = await kinds(beforePath);
const after = await kinds(afterPath);
const total = (map: Map<string, Kind>) => [...map.values()].reduce((sum, kind) => sum + kind.bytes, 0);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;
console.log(`heap objects: ${mib(total(before))} -> ${mib(total(after))}`);
const rows = [...new Set([...before.keys(), ...after.keys()])].map((kind) => {
  const was = before.get(kind) ?? { count: 0, bytes: 0 };
  const is = after.get(kind) ?? { count: 0, bytes: 0 };
  return { kind, count: is.count - was.count, bytes: is.bytes - was.bytes, was, is };
});
rows.sort((a, b) => b.bytes - a.bytes);
console.log('grew most (self size):');
for (const row of rows.slice(0, Number(values.top))) {
  console.log(
    `  ${mib(row.bytes).padStart(11)}  ${String(row.count).padStart(8)} objects  ${row.kind.slice(0, 80)}` +
      `  (${row.was.count} -> ${row.is.count})`,
  );
}

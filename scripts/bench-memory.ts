// Measures memory search (CONTRACT section 12) on PostgreSQL: ITEMS items in one workspace, spread over 100
// users' namespaces (`["users", "<n>", "notes"]`), then each kind of search run QUERIES times through the
// PostgreSQL adapter, p50 and p99 printed: the whole workspace by prefix, one user's namespace, a containment
// filter, a full-text query, and both. Writes and the sweep of a tenth of the items (expired) are timed too.
// Usage: node scripts/bench-memory.ts [--items 100000] [--queries 200]. Uses DATABASE_URL's server when set.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { PostgresMemoryItemRepository } from '../src/adapters/memory/postgres/postgres-memory-item-repository.ts';
import { connectPostgres } from '../src/adapters/platform/postgres/postgres-database.ts';
import { migratePostgres } from '../src/adapters/platform/postgres/postgres-migrations.ts';
import type { MemorySearch } from '../src/application/memory/ports/memory-item-repository.ts';
import { entitySchemas } from '../src/composition/entity-schemas.ts';
import { loadConfig } from '../src/config.ts';
import { scratchDatabase } from './resilience/scratch-database.ts';

const { values } = parseArgs({
  options: { items: { type: 'string', default: '100000' }, queries: { type: 'string', default: '200' } },
});
const ITEMS = Number(values.items);
const QUERIES = Number(values.queries);
const WORDS = ['tea', 'coffee', 'trains', 'Lisbon', 'pizza', 'jazz', 'cycling', 'books', 'rain', 'garden'];
const TOPICS = ['food', 'travel', 'music', 'sport', 'home'];

const scratch = await scratchDatabase('bench_memory');
// A bulk load is no request: statements get the longest deadline the configuration allows.
const deadlines = loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '600000' }).databaseDeadlines;
await migratePostgres(scratch.url, deadlines);
const db = await connectPostgres({ url: scratch.url, entities: entitySchemas, poolMax: 10, deadlines });
try {
  const workspaceId = randomUUID();
  await db.query(
    `insert into workspaces (id, name, personal, created_at) values ($1, 'bench', false, now())`,
    [workspaceId],
  );
  const memory = new PostgresMemoryItemRepository({ db });
  const now = new Date();

  // Bulk load in SQL (the adapter's one-item writes are timed below): a sentence of three words per item.
  const loadStart = performance.now();
  // In slices: one statement stays within the server's statement deadline.
  for (let from = 1; from <= ITEMS; from += 5000) {
    await db.query(
      `insert into memory_items (workspace_id, namespace, path, key, value, created_at, updated_at, expires_at)
     select $1, array['users', (i % 100)::text, 'notes'], 'users.' || (i % 100) || '.notes.', 'k' || i,
            jsonb_build_object('topic', ($2::text[])[1 + i % 5], 'rank', i % 7,
              'text', ($3::text[])[1 + i % 10] || ' and ' || ($3::text[])[1 + (i / 10) % 10] || ' on day ' || i),
            $4::timestamptz - i * interval '1 ms', $4::timestamptz - i * interval '1 ms',
              case when i % 10 = 0 then $4::timestamptz + interval '1 second' end
       from generate_series($5::int, $6::int) as i`,
      [workspaceId, TOPICS, WORDS, now, from, Math.min(ITEMS, from + 4999)],
    );
  }
  await db.query('analyze memory_items');
  const loadMs = performance.now() - loadStart;

  const writes: number[] = [];
  for (let i = 0; i < QUERIES; i += 1) {
    const at = new Date();
    const started = performance.now();
    await memory.put(
      {
        workspaceId,
        namespace: ['users', String(i % 100), 'notes'],
        key: `w${i}`,
        value: { topic: 'food', text: `written ${i}` },
        createdAt: at,
        updatedAt: at,
        expiresAt: null,
      },
      at,
    );
    writes.push(performance.now() - started);
  }

  const kinds: Record<string, (i: number) => Omit<MemorySearch, 'workspaceId' | 'limit'>> = {
    'prefix (workspace-wide)': () => ({ namespacePrefix: ['users'] }),
    "prefix (one user's)": (i) => ({ namespacePrefix: ['users', String(i % 100), 'notes'] }),
    'filter {topic}': (i) => ({ namespacePrefix: ['users'], filter: { topic: TOPICS[i % 5] } }),
    'query (one word)': (i) => ({ namespacePrefix: ['users'], query: WORDS[i % 10] }),
    "query + filter, one user's": (i) => ({
      namespacePrefix: ['users', String(i % 100)],
      query: `${WORDS[i % 10]} ${WORDS[(i + 3) % 10]}`,
      filter: { topic: TOPICS[i % 5] },
    }),
  };
  const rows: string[] = [];
  const at = new Date(now.getTime() + 60_000);
  for (const [name, scope] of Object.entries(kinds)) {
    const times: number[] = [];
    for (let i = 0; i < QUERIES; i += 1) {
      const started = performance.now();
      await memory.search({ workspaceId, limit: 10, ...scope(i) }, at);
      times.push(performance.now() - started);
    }
    rows.push(row(name, times));
  }
  const sweepStart = performance.now();
  let swept = 0;
  for (let batch = 500; batch === 500; swept += batch) batch = await memory.deleteExpired(at, 500);
  const sweepMs = performance.now() - sweepStart;

  console.log(`memory items: ${ITEMS} in one workspace (100 users' namespaces), ${QUERIES} runs of each`);
  console.log(`bulk load: ${(ITEMS / (loadMs / 1000)).toFixed(0)} items/s (SQL)`);
  console.log(row('put (adapter, one item)', writes));
  for (const line of rows) console.log(line);
  console.log(
    `sweep: ${swept} expired items in ${sweepMs.toFixed(0)} ms (${(swept / (sweepMs / 1000)).toFixed(0)}/s, batches of 500)`,
  );
} finally {
  await db.close();
  await scratch.dispose();
}

function row(name: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const pick = (p: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(2);
  return `${name.padEnd(30)} p50 ${pick(0.5).padStart(8)} ms   p99 ${pick(0.99).padStart(8)} ms`;
}

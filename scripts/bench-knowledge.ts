// Measures knowledge bases (CONTRACT section 12) on the real server process and a scratch database, with
// embeddings from a model that answers at once (test/support/fake-model-provider.ts, --dims long vectors):
// 1. ingest: --documents documents (about 3,000 characters each, ~4 chunks) added over HTTP, from the first
//    POST to the last document `ready`: documents and chunks per second (one instance: its runner ingests one
//    document at a time, embedding its chunks in one request);
// 2. search in one knowledge base as it grows to --chunks chunks (rows bulk-inserted in SQL: 5,000 texts of 150
//    words of a 2,000-word vocabulary and 1,000 unit vectors of --dims dimensions, reused): keyword and exact-semantic (VECTOR_INDEX=exact)
//    p50/p99 over --queries queries at each size, one after another over HTTP;
// 3. where exact search stops being fast enough: the size at which its p50 passes --budget ms, from the
//    measured cost per chunk.
// Usage: node scripts/bench-knowledge.ts [--documents 1000] [--chunks 100000] [--dims 1536] [--queries 30]
// [--budget 100] [--sizes 1000,2500,...] (the sizes measured on the way to --chunks). Uses DATABASE_URL when set.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { fakeModelProvider } from '../test/support/fake-model-provider.ts';
import { callApi, logIn, spawnServer } from './bench/server.ts';
import { scratchDatabase } from './resilience/scratch-database.ts';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '1000' },
    chunks: { type: 'string', default: '100000' },
    dims: { type: 'string', default: '1536' },
    queries: { type: 'string', default: '30' },
    budget: { type: 'string', default: '100' },
    sizes: { type: 'string', default: '1000,2500,5000,10000,25000,50000' },
  },
});
const DOCUMENTS = Number(values.documents);
const CHUNKS = Number(values.chunks);
const DIMS = Number(values.dims);
const QUERIES = Number(values.queries);
const BUDGET_MS = Number(values.budget);

/** A vocabulary of 2,000 made-up words, the same on every run. */
const VOCABULARY = Array.from({ length: 2000 }, (_, i) => `w${(i * 7919) % 100003}x${i % 37}`);
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const word = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)] as string;
const words = (n: number) => Array.from({ length: n }, word).join(' ');

const quantiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
};

const fake = await fakeModelProvider({ dimensions: DIMS });
const database = await scratchDatabase('bench_knowledge');
// Exact semantic search over many chunks takes far longer than the default 1.5 s statement deadline: lifted.
const server = await spawnServer(
  {
    DATABASE_URL: database.url,
    MODEL_PROVIDERS_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_STATEMENT_TIMEOUT_MS: '600000',
    DATABASE_REQUEST_BUDGET_MS: '600000',
    // A loaded machine: waiting for a pooled connection may take longer than the default 1.5 s.
    DATABASE_CONNECT_TIMEOUT_MS: '30000',
  },
  { logFile: '/tmp/bench-knowledge-server.log' },
);
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();
try {
  let token = await logIn(server.base);
  // biome-ignore lint/suspicious/noExplicitAny: a script reading a few known fields of JSON answers
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    let answer = await callApi(server.base, token, method, path, body);
    if (answer.status === 401) {
      // The access token expired during a long phase: log in again.
      token = await logIn(server.base);
      answer = await callApi(server.base, token, method, path, body);
    }
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const [workspace] = (await call('GET', '/api/workspaces')).items;
  const provider = await call('POST', `/api/workspaces/${workspace.id}/model-providers`, {
    name: 'fake',
    kind: 'openai',
    base_url: `${fake.url}/v1`,
    api_key: 'sk-bench',
  });
  const knowledgeBase = async (name: string) =>
    (
      await call('POST', '/api/knowledge-bases', {
        workspace_id: workspace.id,
        name,
        embedding: { provider_id: provider.id, model: 'fake-embedding' },
      })
    ).id as string;

  // 1. Ingest.
  const ingested = await knowledgeBase('ingest');
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < DOCUMENTS) {
        const n = next++;
        await call('POST', `/api/knowledge-bases/${ingested}/documents`, {
          title: `doc ${n}`,
          text: words(450),
        });
      }
    }),
  );
  const added = performance.now();
  let chunks = 0;
  for (;;) {
    let ready = 0;
    let failed = 0;
    chunks = 0;
    let cursor: string | null = null;
    do {
      const page = await call(
        'GET',
        `/api/knowledge-bases/${ingested}/documents?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      );
      for (const d of page.items) {
        if (d.status === 'ready') ready++;
        if (d.status === 'failed') failed++;
        chunks += d.chunks ?? 0;
      }
      cursor = page.next_cursor;
    } while (cursor);
    if (failed > 0) throw new Error(`${failed} documents failed`);
    if (ready === DOCUMENTS) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `ingest: ${DOCUMENTS} documents, ${chunks} chunks (${DIMS}-dimension embeddings) in ${seconds.toFixed(1)} s ` +
      `(adding them took ${((added - started) / 1000).toFixed(1)} s): ${(DOCUMENTS / seconds).toFixed(0)} documents/s, ` +
      `${(chunks / seconds).toFixed(0)} chunks/s`,
  );

  // 2. Search as one knowledge base grows.
  const scaled = await knowledgeBase('scale');
  await sql.query(`create temporary table pool as
    select i, (select array_agg(x / norm) from (select x, sqrt(sum(x * x) over ()) as norm
               from (select random() - 0.5 as x from generate_series(1, ${DIMS}) where i = i) r) n)::real[] as v
      from generate_series(0, 999) as i`);
  await sql.query('create temporary table vocabulary (i int, w text)');
  await sql.query(
    'insert into vocabulary select i - 1, w from unnest($1::text[]) with ordinality as t (w, i)',
    [VOCABULARY],
  );
  // 5,000 distinct texts, reused: a chunk's words are as spread as with a text of its own, at a tenth of the cost.
  await sql.query(
    `create temporary table texts as
       select i, array_to_string(array(select ($1::text[])[1 + floor(random() * 2000)::int]
                                         from generate_series(1, 150) k where i >= 0), ' ') as t
         from generate_series(0, 4999) as i`,
    [VOCABULARY],
  );
  await sql.query('create index on texts (i)');
  const document = (
    await call('POST', `/api/knowledge-bases/${scaled}/documents`, { title: 'seed', text: 'seed' })
  ).id;
  let stored = 0;
  const sizes = values.sizes
    .split(',')
    .map(Number)
    .filter((size) => size > 0 && size < CHUNKS);
  let withinBudget = 0;
  let last = { size: 0, p50: 0 };
  for (const size of [...sizes, CHUNKS]) {
    const insertStarted = performance.now();
    for (let from = stored; from < size; from += 5000) {
      const to = Math.min(size, from + 5000);
      await sql.query(
        `insert into knowledge_chunks (document_id, chunk_index, knowledge_base_id, language, title, text, start_offset,
           end_offset, metadata, embedding)
         select $1, g + 1, $2, 'english', 'seed',
                (select t from texts where i = g % 5000),
                0, 0, jsonb_build_object('shard', g % 10), (select v from pool where i = g % 1000)
           from generate_series($3::int, $4::int - 1) as g`,
        [document, scaled, from, to],
      );
    }
    stored = size;
    await sql.query('analyze knowledge_chunks');
    const insertSeconds = (performance.now() - insertStarted) / 1000;
    const measure = async (mode: 'keyword' | 'semantic', count: number) => {
      const times: number[] = [];
      for (let q = 0; q < count; q++) {
        const at = performance.now();
        await call('POST', `/api/knowledge-bases/${scaled}/search`, { query: words(2), mode, limit: 5 });
        times.push(performance.now() - at);
      }
      return quantiles(times);
    };
    const keyword = await measure('keyword', QUERIES);
    // Fewer queries where each takes seconds: at least 3.
    const semantic = await measure('semantic', Math.max(3, Math.round(QUERIES * Math.min(1, 5000 / size))));
    if (semantic.p50 <= BUDGET_MS) withinBudget = size;
    last = { size, p50: semantic.p50 };
    console.log(
      `${String(size).padStart(7)} chunks | keyword p50 ${keyword.p50.toFixed(1)} ms, p99 ${keyword.p99.toFixed(1)} ms ` +
        `| exact semantic p50 ${semantic.p50.toFixed(1)} ms, p99 ${semantic.p99.toFixed(1)} ms (stored in ${insertSeconds.toFixed(1)} s)`,
    );
  }
  const perThousand = (last.p50 / last.size) * 1000;
  console.log(
    `exact semantic search: about ${perThousand.toFixed(1)} ms per 1,000 chunks of ${DIMS} dimensions; its p50 ` +
      `stays within ${BUDGET_MS} ms up to ${withinBudget.toLocaleString('en')} measured chunks (about ` +
      `${Math.round((BUDGET_MS / perThousand) * 1000).toLocaleString('en')} by that cost): past that, pgvector`,
  );
} finally {
  await sql.end();
  server.child.kill('SIGTERM');
  await server.exited;
  await database.dispose();
  await fake.close();
}

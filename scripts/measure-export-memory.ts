// The server's memory while it exports many runs: the real server (node src/main.ts) on a scratch database
// holding RUNS runs (default 100,000, each with an input of about INPUT_BYTES, default 512) makes their export
// in each format asked (default ndjson and csv) into a file of FILE_STORAGE (default postgres); this script
// samples the server's resident set (VmRSS) every 20 ms meanwhile and prints the growth over the idle figure,
// the rows, the file's size and the time, and the peaks of the V8 heap in use and of `external` (Buffers) from
// the server's /metrics (RSS is noisy on a machine shared with other work; the heap figures are the server's
// own). It fails when the RSS growth passes LIMIT_MB (default 64). `workspace` exports the workspace as one JSON
// document, holding MISSIONS missions (default 10,000, each defined with about INPUT_BYTES of JSON) besides.
// Run: node scripts/measure-export-memory.ts [ndjson csv workspace] (on DATABASE_URL's server when set).
import pg from 'pg';
import {
  callApi,
  freePort,
  heapFigures,
  heapSampler,
  logIn,
  rssBytes,
  rssSampler,
  signedMib,
  spawnServer,
} from './bench/server.ts';
import { scratchDatabase } from './resilience/scratch-database.ts';

const MIB = 1024 * 1024;
const runCount = Number(process.env.RUNS ?? 100_000);
const inputBytes = Number(process.env.INPUT_BYTES ?? 512);
const limitMb = Number(process.env.LIMIT_MB ?? 64);
const missionCount = Number(process.env.MISSIONS ?? 10_000);
const formats = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['ndjson', 'csv', 'workspace'];

const database = await scratchDatabase('export_memory');
const metricsPort = await freePort();
const metrics = `http://127.0.0.1:${metricsPort}`;
const server = await spawnServer(
  {
    DATABASE_URL: database.url,
    METRICS_PORT: String(metricsPort),
    FILE_STORAGE: process.env.FILE_STORAGE ?? 'postgres',
    LOG_LEVEL: 'warn',
    ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
  },
  {
    logFile: process.env.SERVER_LOG,
    nodeFlags: process.env.SERVER_NODE_FLAGS?.split(' ').filter(Boolean),
  },
);
let failed = false;
try {
  const token = await logIn(server.base);
  const me = await callApi(server.base, token, 'GET', '/api/auth/me');
  const workspaceId = (me.body.workspaces as { id: string }[])[0]?.id as string;
  const mission = await callApi(server.base, token, 'POST', '/api/missions', {
    workspace_id: workspaceId,
    name: 'm',
  });
  const input = { note: 'x'.repeat(inputBytes), n: 1 };
  const template = await callApi(server.base, token, 'POST', `/api/missions/${mission.body.id}/runs`, {
    input,
  });
  // The other runs are copies of the first, one second apart, written by the database itself.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(
    `insert into runs
     select (jsonb_populate_record(null::runs, to_jsonb(r) || jsonb_build_object(
               'id', gen_random_uuid(), 'created_at', r.created_at + make_interval(secs => g)))).*
       from runs r, generate_series(1, $2::int) g where r.id = $1`,
    [template.body.id, runCount - 1],
  );
  if (formats.includes('workspace')) {
    await client.query(
      `insert into missions
       select (jsonb_populate_record(null::missions, to_jsonb(m) || jsonb_build_object(
                 'id', gen_random_uuid(), 'name', m.name || g, 'definition', $3::jsonb,
                 'created_at', m.created_at + make_interval(secs => g)))).*
         from missions m, generate_series(1, $2::int) g where m.id = $1`,
      [mission.body.id, missionCount - 1, JSON.stringify({ note: 'x'.repeat(inputBytes) })],
    );
  }
  // Statistics as a table in use would have: without them the keyset page query may scan and sort every run.
  await client.query('analyze runs; analyze missions');
  await client.end();

  const exportOnce = async (format: string, filter?: object) => {
    const kind = format === 'workspace' ? 'workspace' : 'runs';
    const queued = await callApi(server.base, token, 'POST', `/api/workspaces/${workspaceId}/exports`, {
      kind,
      format: kind === 'workspace' ? 'json' : format,
      ...(filter && kind === 'runs' && { filter }),
    });
    if (queued.status !== 202)
      throw new Error(`export answered ${queued.status} ${JSON.stringify(queued.body)}`);
    for (;;) {
      const seen = await callApi(server.base, token, 'GET', `/api/exports/${queued.body.id}`);
      if (seen.body.status === 'succeeded' || seen.body.status === 'failed') return seen.body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  // A warm-up export of no run, so the idle figure includes what the first export loads.
  for (const format of formats.filter((one) => one !== 'workspace')) {
    await exportOnce(format, { created_before: '2000-01-01T00:00:00Z' });
  }
  await new Promise((resolve) => setTimeout(resolve, 500));

  for (const format of formats) {
    const idle = await rssBytes(server.pid);
    const idleHeap = await heapFigures(metrics);
    const heap = heapSampler(metrics);
    const sampling = rssSampler(server.pid);
    const started = performance.now();
    const done = await exportOnce(format);
    const seconds = (performance.now() - started) / 1000;
    const peak = sampling.stop();
    const heapPeak = heap.stop();
    const expected = format === 'workspace' ? missionCount : runCount;
    const rows = Number(done.rows);
    if (done.status !== 'succeeded' || rows < expected)
      throw new Error(`export ${format}: ${JSON.stringify(done)}`);
    const file = await callApi(server.base, token, 'GET', `/api/files/${done.file_id}`);
    const growth = (peak - idle) / MIB;
    console.log(
      `${format}: ${rows} ${format === 'workspace' ? 'objects' : 'runs'}, ${(Number(file.body.size) / MIB).toFixed(1)} MiB in ${seconds.toFixed(1)} s ` +
        `(${(rows / seconds).toFixed(0)}/s); peak RSS ${(peak / MIB).toFixed(0)} MiB ` +
        `(${signedMib(growth)} MiB over idle ${(idle / MIB).toFixed(0)} MiB)`,
    );
    const mib = (bytes: number) => (bytes / MIB).toFixed(1);
    console.log(
      `  heap used peak ${mib(heapPeak.heapUsed)} MiB (${signedMib((heapPeak.heapUsed - idleHeap.heapUsed) / MIB)} ` +
        `over idle ${mib(idleHeap.heapUsed)}), external peak ${mib(heapPeak.external)} MiB ` +
        `(${signedMib((heapPeak.external - idleHeap.external) / MIB)} over idle ${mib(idleHeap.external)})`,
    );
    if (growth > limitMb) {
      console.log(`  FAIL: RSS grew past ${limitMb} MiB`);
      failed = true;
    }
  }
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await database.dispose();
}
process.exitCode = failed ? 1 : 0;

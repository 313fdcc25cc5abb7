// What tracing costs (issue 26, item 2): the real server (`node src/main.ts`) started alternately without
// OTEL_EXPORTER_OTLP_ENDPOINT (no SDK at all) and with it (the SDK, a span per request and statement, batched
// OTLP/HTTP exports to a collector on loopback that accepts and drops them); for each, the idle RSS 3 s after
// start, then /healthz (no database) and /readyz (one statement) under autocannon, and the RSS after the load.
// Prints a table and each run's figures; medians over --rounds (default 2) of each mode.
//   node scripts/bench-tracing.ts [--rounds 2] [--seconds 5] [--connections 10]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { cpuSeconds, rssBytes, startBenchServer } from './bench/server.ts';
import { median } from './bench/stats.ts';

const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROUNDS = flag('rounds', 2);
const SECONDS = flag('seconds', 5);
const CONNECTIONS = flag('connections', 10);

// The collector, a process of its own (not competing with autocannon here): answers every export 200, and
// prints how many it got and their bytes when it ends.
const collector = spawn(
  process.execPath,
  [
    '-e',
    `let n = 0, bytes = 0;
     const server = require('node:http').createServer((req, res) => {
       req.on('data', (chunk) => { bytes += chunk.length; });
       req.on('end', () => { n++; res.writeHead(200, { 'content-type': 'application/json' }).end('{}'); });
     }).listen(0, '127.0.0.1', () => console.log(server.address().port));
     process.on('SIGTERM', () => { console.log(JSON.stringify({ exports: n, bytes })); process.exit(0); });`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const lines = createInterface({ input: collector.stdout as NodeJS.ReadableStream });
const [port] = (await once(lines, 'line')) as [string];
const endpoint = `http://127.0.0.1:${port}`;

type Mode = 'off' | 'on';
interface Figures {
  idleRssMiB: number;
  healthzRps: number;
  /** The server's CPU time per answered request (less sensitive than req/s to a loaded machine). */
  healthzCpuUs: number;
  readyzRps: number;
  readyzCpuUs: number;
  loadedRssMiB: number;
}
const results: Record<Mode, Figures[]> = { off: [], on: [] };
const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
/** Requests per second and the server's CPU microseconds per request. */
const load = async (url: string, pid: number): Promise<[number, number]> => {
  await autocannon({ url, connections: CONNECTIONS, duration: 1 }); // warm-up
  const cpu = await cpuSeconds(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  const answered = result.requests.total - result.non2xx;
  return [
    Math.round(answered / result.duration),
    Math.round((((await cpuSeconds(pid)) - cpu) * 1e6) / answered),
  ];
};

for (let round = 0; round < ROUNDS; round++) {
  for (const mode of ['off', 'on'] as const) {
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-tracing-'));
    const server = await startBenchServer({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(mode === 'on' ? { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint } : {}),
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const idle = await rssBytes(server.pid);
      const [healthzRps, healthzCpuUs] = await load(`${server.base}/healthz`, server.pid);
      const [readyzRps, readyzCpuUs] = await load(`${server.base}/readyz`, server.pid);
      const figures: Figures = {
        idleRssMiB: mib(idle),
        healthzRps,
        healthzCpuUs,
        readyzRps,
        readyzCpuUs,
        loadedRssMiB: mib(await rssBytes(server.pid)),
      };
      results[mode].push(figures);
      console.log(JSON.stringify({ round, tracing: mode, ...figures }));
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}
collector.kill('SIGTERM');
const [counts] = (await once(lines, 'line')) as [string];
const { exports, bytes } = JSON.parse(counts) as { exports: number; bytes: number };

const row = (mode: Mode) => {
  const of = (key: keyof Figures) => median(results[mode].map((figures) => figures[key]));
  return `| ${mode} | ${of('idleRssMiB')} | ${of('healthzRps')} | ${of('healthzCpuUs')} | ${of('readyzRps')} | ${of('readyzCpuUs')} | ${of('loadedRssMiB')} |`;
};
console.log(`\nmedians of ${ROUNDS} round(s), ${SECONDS} s per measure, ${CONNECTIONS} connections`);
console.log(
  '| tracing | idle RSS MiB | /healthz req/s | /healthz CPU µs/req | /readyz req/s | /readyz CPU µs/req | RSS after load MiB |',
);
console.log('|---|---|---|---|---|---|---|');
console.log(row('off'));
console.log(row('on'));
console.log(`collector: ${exports} exports, ${mib(bytes)} MiB`);

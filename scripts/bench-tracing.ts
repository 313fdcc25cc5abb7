// What tracing costs (issue 26, item 2): the real server (`node src/main.ts`) started alternately without
// OTEL_EXPORTER_OTLP_ENDPOINT (no SDK at all) and with it (the SDK, a span per request and statement, batched
// OTLP/HTTP exports to a collector on loopback that accepts and drops them); for each, the idle RSS 3 s after
// start, then /healthz (no database) and /readyz (one statement) under autocannon, and the RSS after the load.
// Prints a table and each run's figures; medians over --rounds (default 2) of each mode.
//   node scripts/bench-tracing.ts [--rounds 2] [--seconds 5] [--connections 10]
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { rssBytes, startBenchServer } from './bench/server.ts';
import { median } from './bench/stats.ts';

const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROUNDS = flag('rounds', 2);
const SECONDS = flag('seconds', 5);
const CONNECTIONS = flag('connections', 10);

// The collector: answers every export 200 and counts what it got.
let exports = 0;
let exportedBytes = 0;
const collector = createServer((req, res) => {
  req.on('data', (chunk: Buffer) => {
    exportedBytes += chunk.length;
  });
  req.on('end', () => {
    exports++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
collector.listen(0, '127.0.0.1');
await once(collector, 'listening');
const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

type Mode = 'off' | 'on';
interface Figures {
  idleRssMiB: number;
  healthzRps: number;
  readyzRps: number;
  loadedRssMiB: number;
}
const results: Record<Mode, Figures[]> = { off: [], on: [] };
const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const rps = async (url: string) => {
  await autocannon({ url, connections: CONNECTIONS, duration: 1 }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return Math.round((result.requests.total - result.non2xx) / result.duration);
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
      const figures: Figures = {
        idleRssMiB: mib(idle),
        healthzRps: await rps(`${server.base}/healthz`),
        readyzRps: await rps(`${server.base}/readyz`),
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
collector.close();

const row = (mode: Mode) => {
  const of = (key: keyof Figures) => median(results[mode].map((figures) => figures[key]));
  return `| ${mode} | ${of('idleRssMiB')} | ${of('healthzRps')} | ${of('readyzRps')} | ${of('loadedRssMiB')} |`;
};
console.log(`\nmedians of ${ROUNDS} round(s), ${SECONDS} s per measure, ${CONNECTIONS} connections`);
console.log('| tracing | idle RSS MiB | /healthz req/s | /readyz req/s | RSS after load MiB |');
console.log('|---|---|---|---|---|');
console.log(row('off'));
console.log(row('on'));
console.log(`collector: ${exports} exports, ${mib(exportedBytes)} MiB`);

// Measures login latency and GET /api/auth/me throughput against the real server (a child process on
// loopback). Bounded in count and time. Usage: node scripts/bench-auth.ts [--logins 200] [--seconds 5]
// [--concurrency 32]. Uses DATABASE_URL when set (a fresh database is created), else the embedded default
// in a temporary DATA_DIR.
import { parseArgs } from 'node:util';
import { BENCH_USER, percentile, startBenchServer } from './bench-server.ts';

const { values } = parseArgs({
  options: {
    logins: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '32' },
  },
});
const LOGINS = Number(values.logins);
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);

const bench = await startBenchServer();
const { base } = bench;

try {
  const login = () =>
    fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username_or_email: BENCH_USER.username, password: BENCH_USER.password }),
    });
  await login(); // warm-up: dummy hash, key import
  const latencies: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    const started = performance.now();
    const response = await login();
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`login answered ${response.status}`);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `login: ${LOGINS} sequential, median ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );

  const access_token = await bench.login();
  const headers = { authorization: `Bearer ${access_token}` };
  let done = 0;
  let failed = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const response = await fetch(`${base}/api/auth/me`, { headers });
        await response.arrayBuffer();
        if (response.status === 200) done++;
        else failed++;
      }
    }),
  );
  console.log(
    `GET /api/auth/me: ${(done / SECONDS).toFixed(0)} req/s over ${SECONDS} s at concurrency ${CONCURRENCY}` +
      ` (${failed} non-200)`,
  );
} finally {
  await bench.stop();
}

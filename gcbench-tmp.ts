import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { cpuSeconds, startBenchServer } from './scripts/bench-server.ts';

const semi = process.argv[2] ?? '';
const env: Record<string, string> = semi ? { NODE_OPTIONS: `--max-semi-space-size=${semi}` } : {};
const bench = await startBenchServer(env);
try {
  const token = await bench.login();
  const run = (amount: number, path: string) =>
    autocannon({ url: `${bench.base}${path}`, connections: 32, amount, headers: { authorization: `Bearer ${token}` } });
  await run(3000, '/api/auth/me');
  for (const path of ['/api/auth/me', '/healthz']) {
    const before = await cpuSeconds(bench.pid);
    const result = await run(20000, path);
    const cpu = (await cpuSeconds(bench.pid)) - before;
    console.log(`semi=${semi || 'relaunch'} ${path}: ${result.requests.average.toFixed(0)} req/s, server CPU ${((cpu * 1e6) / 20000).toFixed(0)} us/request, non2xx ${result.non2xx}`);
  }
  const status = await readFile(`/proc/${bench.pid}/status`, 'utf8');
  console.log(/VmHWM.*/.exec(status)?.[0], /VmRSS.*/.exec(status)?.[0]);
} finally {
  await bench.stop();
}

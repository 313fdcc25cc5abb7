// The request path's fixed cost of two checkouts side by side: the server of each (`node src/main.ts` in each
// folder, on one scratch database) answers `/healthz` and `/api/auth/me` under autocannon, the two taking turns
// ROUNDS times (default 4) for ROUND_SECONDS each (default 4), and this script prints the CPU microseconds each server
// spent per answered request (user + system from /proc, so waiting for a core costs nothing), the median of the
// rounds, and the least (the round least disturbed: on a busy machine a server's timers and jobs, and the
// cores' contention, are shared out over fewer requests). Taking turns puts both under the same load. Run:
// node scripts/ab-request-cost.ts BEFORE_DIR AFTER_DIR (on DATABASE_URL's server when set).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import autocannon from 'autocannon';
import { startCheckout } from './bench/checkout-server.ts';
import { cpuSeconds, logIn } from './bench/server.ts';
import { scratchDatabase } from './resilience/scratch-database.ts';

const [beforeDir, afterDir] = process.argv.slice(2);
if (!beforeDir || !afterDir) throw new Error('usage: node scripts/ab-request-cost.ts BEFORE_DIR AFTER_DIR');
const rounds = Number(process.env.ROUNDS ?? 4);
const seconds = Number(process.env.ROUND_SECONDS ?? 4);

const database = await scratchDatabase('ab_request');
// One master key for both: they share the database's signing keys.
const masterKey = randomBytes(32).toString('base64url');
const start = (dir: string) =>
  startCheckout(dir, { databaseUrl: database.url, masterKey, readyPath: '/healthz' });

const before = await start(beforeDir);
const after = await start(afterDir);
const servers = { before, after };
const tokens = { before: await logIn(before.base), after: await logIn(after.base) };
const figures: Record<string, number[]> = {};

/**
 * With SYSCALLS=N: instead of the CPU rounds, N requests to each server under `strace -c` on all of its threads,
 * and the system calls per request (in all, and the writes): a count the machine's load does not move.
 */
async function syscallsPerRequest(name: 'before' | 'after', path: string, auth: boolean, amount: number) {
  const server = servers[name];
  const threads = readdirSync(`/proc/${server.pid}/task`).flatMap((tid) => ['-p', tid]);
  const strace = spawn('strace', ['-c', '-q', ...threads], { stdio: ['ignore', 'ignore', 'pipe'] });
  let summary = '';
  strace.stderr.on('data', (chunk) => (summary += chunk));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const result = await autocannon({
    url: `${server.base}${path}`,
    connections: 4,
    amount,
    headers: auth ? { authorization: `Bearer ${tokens[name]}` } : {},
  });
  strace.kill('SIGINT');
  await new Promise((resolve) => strace.on('exit', resolve));
  const calls = (pattern: RegExp) =>
    summary
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(
        (cells) => cells.length >= 5 && pattern.test(cells.at(-1) as string) && /^\d/.test(cells[3] ?? ''),
      )
      .reduce((sum, cells) => sum + Number(cells[3]), 0);
  const answered = result.requests.total;
  console.log(
    `${name} ${path}: ${answered} requests, ${(calls(/^[a-z_0-9]+$/) / answered).toFixed(2)} system calls each, ` +
      `${(calls(/^(write|writev|pwrite64|pwritev)$/) / answered).toFixed(2)} of them writes`,
  );
}

try {
  const amount = Number(process.env.SYSCALLS ?? 0);
  if (amount > 0) {
    for (const [path, auth] of [
      ['/healthz', false],
      ['/api/auth/me', true],
    ] as const) {
      for (const name of ['before', 'after'] as const) await syscallsPerRequest(name, path, auth, amount);
    }
  }
  for (const [path, auth] of [
    ['/healthz', false],
    ['/api/auth/me', true],
  ] as const) {
    for (let round = 0; amount === 0 && round < rounds + 1; round++) {
      for (const name of ['before', 'after'] as const) {
        const server = servers[name];
        const cpu0 = await cpuSeconds(server.pid);
        const result = await autocannon({
          url: `${server.base}${path}`,
          connections: 16,
          duration: seconds,
          headers: auth ? { authorization: `Bearer ${tokens[name]}` } : {},
        });
        const cpu = (await cpuSeconds(server.pid)) - cpu0;
        const answered = result.requests.total;
        if (round === 0) continue; // the warm-up round
        const key = `${name} ${path}`;
        figures[key] = [...(figures[key] ?? []), (cpu * 1e6) / answered];
        console.log(
          `${name} ${path}: ${answered} requests, ${((cpu * 1e6) / answered).toFixed(1)} CPU µs each`,
        );
      }
    }
  }
  for (const [key, values] of Object.entries(figures)) {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] as number;
    console.log(
      `${key.padEnd(22)} least ${(sorted[0] as number).toFixed(1)}, median ${median.toFixed(1)} CPU µs/request (${sorted.map((v) => v.toFixed(0)).join(', ')})`,
    );
  }
} finally {
  before.child.kill('SIGTERM');
  after.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await database.dispose();
}

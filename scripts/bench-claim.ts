// Measures the worker protocol against the real server (a child process on loopback): how fast concurrent
// workers claim queued runs (POST /api/runs/claim, FOR UPDATE SKIP LOCKED), and how fast they get through
// full claim + complete cycles. Every run must be handed out exactly once, or the script fails.
// Usage: node scripts/bench-claim.ts [--runs 2000] [--workers 8]. Uses DATABASE_URL when set (a fresh
// database is created and dropped), else the embedded PostgreSQL in a temporary DATA_DIR.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '2000' }, workers: { type: 'string', default: '8' } },
});
const RUNS = Number(values.runs);
const WORKERS = Number(values.workers);

const dataDir = await mkdtemp(join(tmpdir(), 'bench-claim-'));
await chmod(dataDir, 0o755);
let databaseUrl = process.env.DATABASE_URL;
const dbName = `bench_${randomBytes(4).toString('hex')}`;
if (databaseUrl) {
  await admin(databaseUrl, `create database ${dbName}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}

const password = 'bench passphrase 123';
const server = spawn(process.execPath, ['src/main.ts'], {
  env: {
    PATH: process.env.PATH,
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    BOOTSTRAP_ADMIN_USERNAME: 'bench',
    BOOTSTRAP_ADMIN_EMAIL: 'bench@example.com',
    BOOTSTRAP_ADMIN_PASSWORD: password,
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
    API_RATE_LIMIT_PER_MINUTE: '10000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /"address":"(http:[^"]+)"/.exec(out);
    if (match?.[1]) resolve(match[1]);
  });
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

type Json = Record<string, unknown>;

async function call(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Json };
}

async function login(): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: 'bench', password }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

try {
  // Each login is its own session, and so its own worker.
  const tokens = await Promise.all(Array.from({ length: WORKERS + 1 }, login));
  const owner = tokens[0] as string;
  const workers = tokens.slice(1);
  const workspaceId = (await call(owner, 'POST', '/api/workspaces', { name: 'bench' })).body.id as string;
  const missionId = (await call(owner, 'POST', '/api/missions', { workspace_id: workspaceId, name: 'bench' }))
    .body.id as string;

  async function queue(count: number): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < count) {
          next++;
          const response = await call(owner, 'POST', `/api/missions/${missionId}/runs`, {
            input: { n: next },
          });
          if (response.status !== 202) throw new Error(`start run answered ${response.status}`);
        }
      }),
    );
  }

  /** Every worker claims (and, when asked, completes) until the queue is empty; returns claims per second. */
  async function drain(
    complete: boolean,
  ): Promise<{ perSecond: number; claimed: number; p50: number; p99: number }> {
    const seen = new Set<string>();
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      workers.map(async (token) => {
        for (;;) {
          const t = performance.now();
          const claim = await call(token, 'POST', '/api/runs/claim', {
            workspace_id: workspaceId,
            lease_seconds: 300,
          });
          latencies.push(performance.now() - t);
          if (claim.status === 204) return;
          if (claim.status !== 200) throw new Error(`claim answered ${claim.status}`);
          const id = claim.body.id as string;
          if (seen.has(id)) throw new Error(`run ${id} was handed out twice`);
          seen.add(id);
          if (complete) {
            const done = await call(token, 'POST', `/api/runs/${id}/complete`, {
              status: 'succeeded',
              output: {},
            });
            if (done.status !== 200) throw new Error(`complete answered ${done.status}`);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
    return { perSecond: seen.size / seconds, claimed: seen.size, p50: pct(0.5), p99: pct(0.99) };
  }

  let started = performance.now();
  await queue(RUNS);
  console.log(
    `queued ${RUNS} runs over HTTP at ${(RUNS / ((performance.now() - started) / 1000)).toFixed(0)} runs/s`,
  );
  const claims = await drain(false);
  if (claims.claimed !== RUNS) throw new Error(`claimed ${claims.claimed} of ${RUNS}`);
  console.log(
    `claim: ${claims.perSecond.toFixed(0)} claims/s with ${WORKERS} workers ` +
      `(latency p50 ${claims.p50.toFixed(1)} ms, p99 ${claims.p99.toFixed(1)} ms); each run handed out once`,
  );

  started = performance.now();
  await queue(RUNS);
  const cycles = await drain(true);
  if (cycles.claimed !== RUNS) throw new Error(`completed ${cycles.claimed} of ${RUNS}`);
  console.log(`claim + complete: ${cycles.perSecond.toFixed(0)} runs/s with ${WORKERS} workers`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  if (process.env.DATABASE_URL)
    await admin(process.env.DATABASE_URL, `drop database if exists ${dbName} with (force)`);
  await rm(dataDir, { recursive: true, force: true });
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

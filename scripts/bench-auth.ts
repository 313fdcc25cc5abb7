// Measures login latency and GET /api/auth/me throughput against the real server (a child process on
// loopback). Bounded in count and time. Usage: node scripts/bench-auth.ts [--logins 200] [--seconds 5]
// [--concurrency 32]. Uses DATABASE_URL when set (a fresh database is created), else the embedded default
// in a temporary DATA_DIR.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

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

const dataDir = await mkdtemp(join(tmpdir(), 'bench-auth-'));
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

try {
  const login = () =>
    fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username_or_email: 'bench', password }),
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
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  console.log(`login: ${LOGINS} sequential, median ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms`);

  const { access_token } = (await (await login()).json()) as { access_token: string };
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

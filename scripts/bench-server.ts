// Shared by the benchmark scripts: the real server as a child process on loopback, with a bootstrap user,
// on a fresh database (DATABASE_URL when set) or the embedded PostgreSQL in a temporary DATA_DIR.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const BENCH_USER = { username: 'bench', password: 'bench passphrase 123' };

export interface BenchServer {
  readonly base: string;
  /** Logs the bench user in (each login is its own session) and returns the access token. */
  login(): Promise<string>;
  stop(): Promise<void>;
}

export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-'));
  await chmod(dataDir, 0o755);
  const serverUrl = process.env.DATABASE_URL;
  const dbName = `bench_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    await admin(serverUrl, `create database ${dbName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const server = spawn(process.execPath, ['src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      BOOTSTRAP_ADMIN_USERNAME: BENCH_USER.username,
      BOOTSTRAP_ADMIN_EMAIL: 'bench@example.com',
      BOOTSTRAP_ADMIN_PASSWORD: BENCH_USER.password,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      API_RATE_LIMIT_PER_MINUTE: '10000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  // Access logs are part of the cost measured; reading stdout keeps the pipe drained.
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out = (out + chunk).slice(-4096);
      const match = /"address":"(http:[^"]+)"/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    base,
    async login() {
      const response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username_or_email: BENCH_USER.username, password: BENCH_USER.password }),
      });
      if (response.status !== 200) throw new Error(`login answered ${response.status}`);
      return ((await response.json()) as { access_token: string }).access_token;
    },
    async stop() {
      server.kill('SIGTERM');
      await exited;
      if (serverUrl) await admin(serverUrl, `drop database if exists ${dbName} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The p-th percentile (0-100) of ascending-sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

// Shared by the benchmark and resilience scripts: the real server as a child process on loopback, with a
// bootstrap user, on a fresh database (DATABASE_URL when set) or the embedded PostgreSQL in a temporary DATA_DIR.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const BENCH_USER = { username: 'bench', password: 'bench passphrase 123' };

export interface BenchServer {
  readonly base: string;
  /** The server process, to read its CPU time. */
  readonly pid: number;
  /** Logs the bench user in (each login is its own session) and returns the access token. */
  login(): Promise<string>;
  stop(): Promise<void>;
}

/** One `node src/main.ts` child: its address once it listens, its pid, and its exit. */
export interface ServerProcess {
  readonly base: string;
  readonly child: ChildProcess;
  readonly pid: number;
  /** Resolves with the exit code (or signal name) once the process is gone. */
  readonly exited: Promise<number | string>;
}

/**
 * Starts the server with the bench user and generous rate limits, `env` on top, and resolves once it logs the
 * address it listens on. Its stdout (the access log) is read and dropped, so the pipe never fills.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      LOG_LEVEL: 'info',
      BOOTSTRAP_ADMIN_USERNAME: BENCH_USER.username,
      BOOTSTRAP_ADMIN_EMAIL: 'bench@example.com',
      BOOTSTRAP_ADMIN_PASSWORD: BENCH_USER.password,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      API_RATE_LIMIT_PER_MINUTE: '10000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out = (out + chunk).slice(-4096);
      const match = /"address":"(http:[^"]+)"/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}`)));
  });
  return { base, child, pid: child.pid as number, exited };
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
  const server = await spawnServer({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const { base } = server;
  return {
    base,
    pid: server.pid,
    login: () => logIn(base),
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      if (serverUrl) await admin(serverUrl, `drop database if exists ${dbName} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs the bench user in at `base` and returns the access token. */
export async function logIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: BENCH_USER.username, password: BENCH_USER.password }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** One JSON call to the server at `base` with a bearer token; the answer's status and parsed body. */
export async function callApi(base: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

/** CPU seconds (user + system) process `pid` has used so far (Linux: /proc/<pid>/stat, in clock ticks). */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
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

// Shared by the benchmark and resilience scripts: the real server (`node src/main.ts`) as a child process on
// loopback with a bootstrap user, and what they read of it from outside (/proc/<pid>).
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { scratchDatabase } from '../resilience/scratch-database.ts';

export const BENCH_USER = { username: 'bench', password: 'bench passphrase 123' };

/** One `node src/main.ts` child: its address once it listens, its pid, and its exit. */
export interface ServerProcess {
  readonly base: string;
  readonly child: ChildProcess;
  readonly pid: number;
  /** Resolves with the exit code (or signal name) once the process is gone. */
  readonly exited: Promise<number | string>;
}

export interface SpawnOptions {
  /** Where the server's stdout (its log) goes; dropped when unset. Never a pipe the caller must drain. */
  readonly logFile?: string;
  /** Flags for node itself, before the script (for example --cpu-prof). */
  readonly nodeFlags?: readonly string[];
}

/**
 * Starts the server with the bench user and rate limits no single loopback client reaches (every request of a
 * benchmark comes from one address), `env` on top, on `env.PORT` or a free port, and resolves once it answers
 * `/healthz` (listening; ready or not: a resilience script may start it with its database down).
 */
export async function spawnServer(
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const port = env.PORT && env.PORT !== '0' ? env.PORT : String(await freePort());
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), 'src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'info',
      BOOTSTRAP_ADMIN_USERNAME: BENCH_USER.username,
      BOOTSTRAP_ADMIN_EMAIL: 'bench@example.com',
      BOOTSTRAP_ADMIN_PASSWORD: BENCH_USER.password,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      REFRESH_RATE_LIMIT_PER_MINUTE: '1000000',
      API_RATE_LIMIT_PER_MINUTE: '10000000',
      WEBHOOK_RATE_LIMIT_PER_MINUTE: '10000000',
      // Ingest and claim_complete queue tens of thousands of runs on one mission: the quota would answer 409.
      QUOTA_QUEUED_RUNS_PER_MISSION: '100000000',
      ...env,
      PORT: port,
    },
    stdio: ['ignore', options.logFile ? openSync(options.logFile, 'a') : 'ignore', 'inherit'],
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const base = `http://127.0.0.1:${port}`;
  let gone: number | string | undefined;
  void exited.then((code) => (gone = code));
  await waitFor(base, '/healthz', () => gone);
  return { base, child, pid: child.pid as number, exited };
}

/**
 * Polls `path` every 10 ms until it answers 200; throws once `exitedWith()` reports the process gone, or after
 * `timeoutMs`.
 */
export async function waitFor(
  base: string,
  path: string,
  exitedWith: () => unknown,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const code = exitedWith();
    if (code !== undefined) throw new Error(`server exited with ${code}`);
    if (performance.now() > deadline)
      throw new Error(`${base}${path} did not answer 200 within ${timeoutMs} ms`);
    const status = await fetch(`${base}${path}`).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface BenchServer {
  readonly base: string;
  /** The server process, to read its CPU time. */
  readonly pid: number;
  /** Logs the bench user in (each login is its own session) and returns the access token. */
  login(): Promise<string>;
  stop(): Promise<void>;
}

/** The server on a scratch database (on DATABASE_URL's server when set, else an embedded cluster). */
export async function startBenchServer(
  env: Record<string, string> = {},
  options: SpawnOptions = {},
): Promise<BenchServer> {
  const database = await scratchDatabase('bench');
  const server = await spawnServer({ DATABASE_URL: database.url, ...env }, options).catch(async (error) => {
    await database.dispose();
    throw error;
  });
  return {
    base: server.base,
    pid: server.pid,
    login: () => logIn(server.base),
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      await database.dispose();
    },
  };
}

/** Logs the bench user in at `base` and returns the access token. */
export async function logIn(base: string): Promise<string> {
  return (await logInTokens(base)).access_token;
}

/**
 * Logs the bench user in at `base`: a new login session's access and refresh tokens. A 503 (the password
 * hashing queue full on a machine busy with other work) is tried again, up to five times.
 */
export async function logInTokens(base: string): Promise<{ access_token: string; refresh_token: string }> {
  let response: Response;
  for (let attempt = 1; ; attempt++) {
    response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username_or_email: BENCH_USER.username, password: BENCH_USER.password }),
    });
    if (response.status !== 503 || attempt === 5) break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  return (await response.json()) as { access_token: string; refresh_token: string };
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

/** Resident set size of a process, in bytes (VmRSS). */
export async function rssBytes(pid: number): Promise<number> {
  return statusBytes(pid, 'VmRSS');
}

/** A growth in MiB with its sign: +12.3, -4.5 (a peak below the idle figure: the collector gave memory back). */
export const signedMib = (mib: number) => `${mib >= 0 ? '+' : ''}${mib.toFixed(1)}`;

/**
 * Samples a process's resident set every 20 ms until `stop`, which gives the highest seen: the peak of one
 * stretch of work (VmHWM counts from the process's start).
 */
export function rssSampler(pid: number): { stop: () => number } {
  let peak = 0;
  const timer = setInterval(() => {
    rssBytes(pid).then(
      (rss) => (peak = Math.max(peak, rss)),
      () => {},
    );
  }, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

/** What V8 holds, from prom-client's default metrics: the heap in use, and `external` (Buffers, off the heap). */
export interface HeapFigures {
  readonly heapUsed: number;
  readonly external: number;
}

/** The server's heap figures now, from its operator listener's `GET /metrics` (METRICS_PORT). */
export async function heapFigures(metricsBase: string): Promise<HeapFigures> {
  const text = await (await fetch(`${metricsBase}/metrics`)).text();
  const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    heapUsed: metric('nodejs_heap_size_used_bytes'),
    external: metric('nodejs_external_memory_bytes'),
  };
}

/**
 * Samples the server's heap figures every 100 ms until `stop`, which gives the highest of each: with the RSS,
 * they tell whether a growth is the JavaScript heap, Buffers, or neither (the allocator, the collector's
 * headroom, other processes' pressure on a shared machine). A scrape costs the server a little work itself.
 */
export function heapSampler(metricsBase: string): { stop: () => HeapFigures } {
  let heapUsed = 0;
  let external = 0;
  const timer = setInterval(() => {
    heapFigures(metricsBase).then(
      (now) => {
        heapUsed = Math.max(heapUsed, now.heapUsed);
        external = Math.max(external, now.external);
      },
      () => {},
    );
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return { heapUsed, external };
    },
  };
}

/** The highest resident set size a process has had since it started, in bytes (VmHWM). */
export async function peakRssBytes(pid: number): Promise<number> {
  return statusBytes(pid, 'VmHWM');
}

async function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  if (!kib) throw new Error(`no ${field} for process ${pid}`);
  return Number(kib) * 1024;
}

/** The p-th percentile (0-100) of ascending-sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// Start-up time and idle memory of the real server: `node scripts/measure-startup.ts [--runs 5] [--idle 5]`.
// Each run spawns `node src/main.ts` (production settings, default logging) on an existing, migrated database
// (DATABASE_URL's, else the embedded PostgreSQL in a temporary DATA_DIR; a first start, not counted, creates
// and migrates it), times spawn -> first `GET /readyz` 200 (and the CPU time used by then), waits `--idle` seconds, then reads the process's
// resident set (VmRSS) from /proc and its V8 heap (through a SIGUSR2 handler preloaded with --import).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

export interface StartupSample {
  readonly readyMs: number;
  /** CPU time (user + system) the process used until ready: steadier than `readyMs` on a busy machine. */
  readonly cpuMs: number;
  readonly rssMb: number;
  readonly heapUsedMb: number;
  readonly externalMb: number;
}

/** A `kB` field of /proc/<pid>/status (`VmRSS`, `VmHWM`), in MB; throws when the field is missing. */
export function statusFieldMb(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (!match) throw new Error(`no ${field} in /proc status`);
  return Number(match[1]) / 1024;
}

/** CPU milliseconds (user + system) from the text of /proc/<pid>/stat, whose times are in clock ticks. */
export function statCpuMs(stat: string, ticksPerSecond = 100): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** The median of each figure over the samples (the middle one, the upper of the two for an even count). */
export function medianSample(samples: readonly StartupSample[]): StartupSample {
  if (samples.length === 0) throw new Error('no samples');
  const median = (pick: (sample: StartupSample) => number) =>
    samples.map(pick).sort((a, b) => a - b)[Math.floor(samples.length / 2)] as number;
  return {
    readyMs: median((s) => s.readyMs),
    cpuMs: median((s) => s.cpuMs),
    rssMb: median((s) => s.rssMb),
    heapUsedMb: median((s) => s.heapUsedMb),
    externalMb: median((s) => s.externalMb),
  };
}

// Writes process.memoryUsage() as one JSON line to stderr on SIGUSR2: the heap can only be read from inside.
const MEMORY_REPORTER = `data:text/javascript,process.on('SIGUSR2',()=>process.stderr.write('memory '+JSON.stringify(process.memoryUsage())+'\\n'))`;
const MB = 1024 * 1024;

async function measureOnce(env: Record<string, string>, idleSeconds: number): Promise<StartupSample> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', MEMORY_REPORTER, 'src/main.ts'], {
    env: { PATH: process.env.PATH, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    const readyMs = (await waitForReady(port, () => child.exitCode !== null)) - started;
    const cpuMs = statCpuMs(await readFile(`/proc/${child.pid}/stat`, 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    child.kill('SIGUSR2');
    const memory = await waitFor(() => /^memory (.+)$/m.exec(stderr)?.[1]);
    const usage = JSON.parse(memory) as NodeJS.MemoryUsage;
    return {
      readyMs,
      cpuMs,
      rssMb: statusFieldMb(status, 'VmRSS'),
      heapUsedMb: usage.heapUsed / MB,
      externalMb: (usage.external + usage.arrayBuffers) / MB,
    };
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${stderr}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function waitForReady(port: number, gone: () => boolean): Promise<number> {
  for (;;) {
    if (gone()) throw new Error('the server exited before it was ready');
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function waitFor(read: () => string | undefined): Promise<string> {
  for (let i = 0; i < 500; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the server did not report its memory');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '5' }, idle: { type: 'string', default: '5' } },
  });
  const runs = Number(values.runs);
  const idleSeconds = Number(values.idle);
  const dataDir = await mkdtemp(join(tmpdir(), 'measure-startup-'));
  const serverUrl = process.env.DATABASE_URL;
  const dbName = `startup_${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    MASTER_KEY: randomBytes(32).toString('base64url'),
  };
  if (serverUrl) {
    await admin(serverUrl, `create database ${dbName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  try {
    await measureOnce(env, 0); // creates (embedded) and migrates the database: not a start on an existing one
    const samples: StartupSample[] = [];
    for (let run = 1; run <= runs; run++) {
      const sample = await measureOnce(env, idleSeconds);
      samples.push(sample);
      console.log(`run ${run}: ${format(sample)}`);
    }
    console.log(`median of ${runs}: ${format(medianSample(samples))}`);
  } finally {
    if (serverUrl) await admin(serverUrl, `drop database if exists ${dbName} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

function format({ readyMs, cpuMs, rssMb, heapUsedMb, externalMb }: StartupSample): string {
  return `ready ${readyMs.toFixed(0)} ms (CPU ${cpuMs.toFixed(0)} ms), idle RSS ${rssMb.toFixed(1)} MB, heap used ${heapUsedMb.toFixed(1)} MB, external ${externalMb.toFixed(1)} MB`;
}

if (import.meta.main) await main();

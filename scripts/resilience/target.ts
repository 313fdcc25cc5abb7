// The server under test as a child process on a scratch database, with what the resilience scripts observe of
// it from outside: its pid, resident memory and open file descriptors, and a way to kill it and start it again.
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, type ServerProcess, spawnServer } from '../bench/server.ts';
import type { Figures } from './figures.ts';
import { type ScratchDatabase, scratchDatabase } from './scratch-database.ts';

export interface Target {
  readonly base: string;
  readonly port: number;
  readonly database: ScratchDatabase;
  /** The current server process (a new one after each restart). */
  readonly server: ServerProcess;
  /** SIGKILLs the server (no shutdown of any kind) and starts a new one on the same port and database. */
  killAndRestart(): Promise<void>;
  /** True while the current server process has not exited. */
  alive(): boolean;
  /** SIGTERM, then drops the database. */
  stop(): Promise<void>;
}

export interface TargetOptions {
  /** Server settings on top of the bench defaults. */
  readonly env?: Record<string, string>;
  /** Maps the scratch database's URL to the one the server is given (for example through a proxy). */
  readonly databaseUrl?: (url: string) => Promise<string> | string;
  /** Flags for node itself (for example `--inspect=127.0.0.1:<port>`); the server's env is only `env`. */
  readonly nodeFlags?: readonly string[];
}

export async function startTarget(options: TargetOptions = {}): Promise<Target> {
  const database = await scratchDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'resilience-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const env = {
    // One port for every start: PUBLIC_URL, and so the tokens' issuer, stay the same across restarts.
    PORT: String(port),
    DATA_DIR: dataDir,
    // Fixed, so that a restarted server opens the signing keys and secrets the first one sealed.
    MASTER_KEY: randomBytes(32).toString('base64'),
    DATABASE_URL: await (options.databaseUrl ?? ((url: string) => url))(database.url),
    ...options.env,
  };
  const spawnOptions = { nodeFlags: options.nodeFlags ?? [] };
  let server = await spawnServer(env, spawnOptions).catch(async (error) => {
    await database.dispose();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  const alive = () => server.child.exitCode === null && server.child.signalCode === null;
  return {
    base: server.base,
    port,
    database,
    get server() {
      return server;
    },
    async killAndRestart() {
      server.child.kill('SIGKILL');
      await server.exited;
      server = await spawnServer(env, spawnOptions);
    },
    alive,
    async stop() {
      if (alive()) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a script's measurements: an error thrown by `body` is a failed figure, not a crash. Then `cleanup` (when
 * given), the target is stopped and the verdict printed.
 */
export async function measure(
  figures: Figures,
  target: Target,
  body: () => Promise<void>,
  cleanup?: () => Promise<void>,
): Promise<void> {
  try {
    await body();
  } catch (error) {
    figures.check('the run completed', false, (error as Error).stack ?? String(error));
  } finally {
    await cleanup?.();
    await target.stop();
    figures.finish();
  }
}

/** Open file descriptors of a process (sockets, files, pipes). */
export async function openFds(pid: number): Promise<number> {
  return (await readdir(`/proc/${pid}/fd`)).length;
}

export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

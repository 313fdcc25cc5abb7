// The helper processes of a benchmark run besides the server: the bare Koa ceiling, the Koa + `pg` floors and the
// argon2id bound.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { freePort } from './server.ts';

export interface Ceiling {
  readonly base: string;
  /** Its process, to read its CPU time. */
  readonly pid: number;
  stop(): Promise<void>;
}

/** Starts scripts/bench/ceiling.ts on a free loopback port and resolves once it listens. */
export function startCeiling(): Promise<Ceiling> {
  return startHelper('scripts/bench/ceiling.ts');
}

/** Starts scripts/bench/floors/server.ts on `databaseUrl` (tables of its own) and resolves once it listens. */
export function startFloors(databaseUrl: string): Promise<Ceiling> {
  return startHelper('scripts/bench/floors/server.ts', databaseUrl);
}

async function startHelper(script: string, ...args: string[]): Promise<Ceiling> {
  const port = await freePort();
  const child = spawn(process.execPath, [script, String(port), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await Promise.race([
    once(child.stdout, 'data'),
    once(child, 'exit').then(() => {
      throw new Error(`${script} exited`);
    }),
  ]);
  if (!String(line).startsWith('ready')) throw new Error(`${script} said ${line}`);
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    },
  };
}

export interface Argon2Bound {
  readonly verifications_per_second: number;
  readonly concurrency: number;
}

/** Runs scripts/bench/argon2-bound.ts for `seconds` in a process of its own. */
export async function measureArgon2Bound(seconds: number): Promise<Argon2Bound> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    'scripts/bench/argon2-bound.ts',
    String(seconds),
  ]);
  return JSON.parse(stdout) as Argon2Bound;
}

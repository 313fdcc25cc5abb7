// The helper processes of a benchmark run besides the server: the bare Koa ceiling and the argon2id bound.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { freePort } from './server.ts';

export interface Ceiling {
  readonly base: string;
  stop(): Promise<void>;
}

/** Starts scripts/bench/ceiling.ts on a free loopback port and resolves once it listens. */
export async function startCeiling(): Promise<Ceiling> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/bench/ceiling.ts', String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await Promise.race([
    once(child.stdout, 'data'),
    once(child, 'exit').then(() => {
      throw new Error('the ceiling process exited');
    }),
  ]);
  if (!String(line).startsWith('ready')) throw new Error(`the ceiling process said ${line}`);
  return {
    base: `http://127.0.0.1:${port}`,
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

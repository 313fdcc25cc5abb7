import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { oncePerRun } from './once-per-run.ts';

export interface TestRedis {
  readonly url: string;
}

const redis = oncePerRun<TestRedis>(provision);

/**
 * The Redis of this test run, found or started by the first test that needs it: the server named by REDIS_URL
 * when it answers, else Debian's redis-server on a free loopback port in a throw-away folder. Rejects with
 * what to install when neither is possible: a Redis suite fails, it never skips.
 */
export const testRedis = (): Promise<TestRedis> => redis.get();

export const disposeTestRedis = (): Promise<void> => redis.dispose();

async function provision() {
  const configured = process.env.REDIS_URL;
  if (configured) {
    const problem = await unanswered(configured);
    if (!problem) return { url: configured, dispose: async () => {} };
    // The host only: the URL may carry a password.
    console.warn(
      `    REDIS_URL (${new URL(configured).host}) does not answer (${problem}): starting a redis-server`,
    );
  }
  return startRedisServer();
}

/** Why the Redis at `url` does not answer a PING, or undefined when it does. */
async function unanswered(url: string): Promise<string | undefined> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2000, retryStrategy: () => null });
  let cause: Error | undefined; // connect() rejects with "Connection is closed"; the event says why
  client.on('error', (error: Error) => {
    cause ??= error;
  });
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return (cause ?? (error as Error)).message;
  } finally {
    client.disconnect();
  }
}

async function startRedisServer() {
  const dir = await mkdtemp(join(tmpdir(), 'platform-redis-test-'));
  const port = await freePort();
  const args = ['--port', `${port}`, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  const server = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () => server.kill();
  process.once('exit', stop); // no orphan when the run dies before the root hook disposes it
  const dispose = async () => {
    process.off('exit', stop);
    if (server.exitCode === null && server.signalCode === null) {
      const exited = once(server, 'exit');
      server.kill();
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await ready(server);
  } catch (error) {
    await dispose();
    throw new Error(
      `The Redis tests need a Redis and none could be started: ${(error as Error).message}. ` +
        "Install Debian's redis-server (`make test` does so as root: `apt-get install -y redis-server`), " +
        'or set REDIS_URL to a running Redis.',
    );
  }
  return { url: `redis://127.0.0.1:${port}`, dispose };
}

/** Resolves once redis-server says it accepts connections; rejects when it cannot start or exits first. */
function ready(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server not ready after 10 s: ${output}`)), 10_000);
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      outcome();
    };
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) settle(resolve);
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    server.once('error', (error) => settle(() => reject(new Error(`redis-server: ${error.message}`))));
    server.once('exit', (code) =>
      settle(() => reject(new Error(`redis-server exited (${code}): ${output.trim()}`))),
    );
  });
}

/** A loopback port nothing listens on now (the OS picks it; redis-server takes it a moment later). */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

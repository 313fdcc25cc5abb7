import type { AddressInfo } from 'node:net';
import { compactHeap } from './adapters/platform/system/compact-heap.ts';
import { compactWhenIdle } from './adapters/platform/system/idle-compaction.ts';
import { createLogger } from './adapters/platform/system/logger.ts';
import { closeServer, listen } from './adapters/platform/system/server.ts';
import { boot } from './boot.ts';
import { ConfigError, loadConfig } from './config.ts';
import { areaJobs, shutDownAreas } from './container.ts';

const COMPACT_HEAP_AFTER_MS = 250;

/**
 * The server process (started by main.ts): config -> database -> container -> http app -> listen; graceful
 * shutdown on SIGINT/SIGTERM.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const { container, close } = await boot(config, logger);
  if (config.persistence === 'memory') {
    logger.warn(
      'PERSISTENCE=memory: every user, token, mission, run and trigger lives in this process only and is lost when it stops',
    );
  }
  const server = await listen(container.cradle.httpApp, config.port, config.host);
  // The areas' periodic jobs, stopped when the container is disposed.
  for (const job of areaJobs(container.cradle)) job.start();
  // What start-up alone allocated need not stay resident while idle. The collection pauses the process for
  // 0.1-0.2 s: a moment after listening, so that the first readiness check is not the one kept waiting, and
  // early, so that an idle process holds the compacted heap within a second of being ready (a second after
  // listening, as before, it raced the first reading of its idle memory: 125 or 170 MiB by a few milliseconds).
  setTimeout(compactHeap, COMPACT_HEAP_AFTER_MS).unref();
  // And what a busy stretch grew the heap to, once the server goes quiet again (issue 26, the soak).
  compactWhenIdle(server);
  // The bound port, not the configured one: with PORT=0 only the socket knows which port it got.
  const { port } = server.address() as AddressInfo;
  logger.info(
    { url: config.publicUrl, address: `http://${hostForUrl(config.host)}:${port}`, port },
    'listening',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // The whole shutdown is bounded: whatever still hangs then (a connection stuck on an unreachable database,
    // a job that ignores its stop) is left behind by a hard exit rather than keeping the process alive. The timer
    // holds the event loop: a close that never settles (a connection that died mid-transaction is never handed
    // back to its pool) must end here, logged, not by the loop quietly running dry with exit code 0.
    setTimeout(() => {
      logger.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out; exiting anyway');
      logger.flush(() => process.exit(1));
    }, config.shutdownTimeoutMs);
    // What would hold the server open (event streams) ends first.
    shutDownAreas(container.cradle);
    // In-flight requests get half of it, closing the pools and the database the rest.
    await closeServer(server, config.shutdownTimeoutMs / 2);
    await close();
    logger.info('stopped');
    logger.flush(() => process.exit(0));
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError ? error.message : `startup failed: ${(error as Error).message}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

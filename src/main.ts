import type { AddressInfo } from 'node:net';
import { loadMasterKey } from './adapters/crypto/master-key.ts';
import { openOrm } from './adapters/persistence/postgres/open-orm.ts';
import { createLogger } from './adapters/system/logger.ts';
import { closeServer, listen } from './adapters/system/server.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createContainer } from './container.ts';

/** config -> database -> container -> http app -> listen; graceful shutdown on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const { orm, url, close } = await openOrm(config, logger);
  const masterKey = await loadMasterKey(config);
  const container = createContainer({ config, logger, orm, databaseUrl: url, masterKey });
  if (config.bootstrapAdmin && (await container.cradle.ensureBootstrapAdmin(config.bootstrapAdmin))) {
    logger.info({ username: config.bootstrapAdmin.username }, 'bootstrap admin created');
  }
  const server = await listen(container.cradle.httpApp, config.port, config.host);
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
    await closeServer(server, config.shutdownTimeoutMs);
    await container.dispose();
    await close();
    logger.info('stopped');
    process.exit(0);
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

import { openOrm } from './adapters/persistence/postgres/open-orm.ts';
import { createLogger } from './adapters/system/logger.ts';
import { closeServer, listen } from './adapters/system/server.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createContainer } from './container.ts';

/** config -> database -> container -> http app -> listen; graceful shutdown on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const { orm, close } = await openOrm(config, logger);
  const container = createContainer({ config, logger, orm });
  const server = await listen(container.cradle.httpApp, config.port, config.host);
  logger.info({ url: config.publicUrl }, 'listening');

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

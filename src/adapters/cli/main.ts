#!/usr/bin/env node
import { ConfigError, loadConfig } from '../../config.ts';
import { openOrm } from '../persistence/postgres/open-orm.ts';
import { createLogger } from '../system/logger.ts';

const USAGE = `usage: platform-cli <command>

commands:
  migrate     apply the committed database migrations`;

/** The command-line driving adapter: the same configuration and database as the server. */
async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (command === undefined || command === 'help' || command === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const { close } = await openOrm(config, logger);
  try {
    switch (command) {
      case 'migrate':
        process.stdout.write('migrations are up to date\n');
        return 0;
      default:
        process.stderr.write(`unknown command: ${command}\n${USAGE}\n`);
        return 2;
    }
  } finally {
    await close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : `error: ${(error as Error).message}`}\n`,
    );
    process.exit(1);
  },
);

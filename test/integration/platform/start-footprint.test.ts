import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import pg from 'pg';
import { MIGRATION_NAMES } from '../../../src/adapters/migrations/names.ts';
import { ServerProcess } from '../../support/server-process.ts';
import { adminQueryOn, testDatabase } from '../../support/test-database.ts';
import { TEST_MASTER_KEY } from '../../support/test-settings.ts';

const REPORTER = fileURLToPath(new URL('../../support/loaded-modules-reporter.ts', import.meta.url));
const UNDICI = 'NativeModule internal/deps/undici/undici';
const MIGRATOR = /\/@mikro-orm\/migrations\/|\/src\/adapters\/migrations\/\d{4}-/;
const WEB_PAGES = /\/src\/adapters\/web\/(web-surface|console\/)/;

interface Loaded {
  readonly builtins: string[];
  readonly files: string[];
}

/** What the server loads at start (the idle memory of issue 27): what it does not need stays out. */
describe('server process: modules loaded at start', function () {
  this.timeout(60000);
  let scratch: string;
  let databaseUrl: string;
  let name: string;
  const adminUrl = async () => (await testDatabase()).url;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'start-footprint-'));
    await chmod(scratch, 0o755);
    const url = new URL(await adminUrl());
    name = `${url.pathname.slice(1)}_footprint_${randomBytes(3).toString('hex')}`;
    await adminQueryOn(url.toString(), `create database ${name}`);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });

  after(async () => {
    await adminQueryOn(await adminUrl(), `drop database if exists ${name} with (force)`);
    await rm(scratch, { recursive: true, force: true });
  });

  /** Starts the server, answers a few JSON requests (an answer and problems), and reads what it loaded. */
  async function startAndReport(): Promise<{ server: ServerProcess; loaded: Loaded }> {
    const server = new ServerProcess(
      {
        DATABASE_URL: databaseUrl,
        MASTER_KEY: TEST_MASTER_KEY.toString('base64'),
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        NODE_OPTIONS: `--import=${REPORTER}`,
      },
      scratch,
    );
    try {
      const { address } = await server.waitForLog((entry) => entry.msg === 'listening', 45000);
      for (const path of ['/healthz', '/readyz', '/api/auth/me', '/api/no-such-route']) {
        const response = await fetch(`${address}${path}`);
        expect(response.headers.get('content-type'), path).to.match(/json/);
        await response.json();
      }
      server.child.kill('SIGUSR2');
      for (let i = 0; i < 200 && !/^loaded /m.test(server.stderr); i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const line = /^loaded (.+)$/m.exec(server.stderr)?.[1];
      if (!line) throw new Error(`no report; stderr:\n${server.stderr}`);
      return { server, loaded: JSON.parse(line) as Loaded };
    } finally {
      server.child.kill('SIGTERM');
      await server.exit(10000);
    }
  }

  it('on a new database applies every migration; started again on it, loads neither the migrator, Node fetch nor the web pages', async () => {
    const first = await startAndReport();
    const applied = first.server.logs().find((entry) => entry.msg === 'migrations applied');
    expect(applied?.migrations).to.deep.equal([...MIGRATION_NAMES]);
    // The report sees the migrator when it is loaded: its absence below means something.
    expect(first.loaded.files.some((file) => MIGRATOR.test(file))).to.equal(true);

    const again = await startAndReport();
    expect(again.server.logs().some((entry) => entry.msg === 'migrations applied')).to.equal(false);
    expect(again.loaded.files.filter((file) => MIGRATOR.test(file))).to.deep.equal([]);
    expect(again.loaded.builtins).to.not.include(UNDICI);
    expect(again.loaded.files.filter((file) => WEB_PAGES.test(file))).to.deep.equal([]);
  });

  it('applies at start a migration the database has not applied', async () => {
    // One committed migration undone by hand (its index dropped, its row gone): pending again.
    await adminQueryOn(databaseUrl, 'drop index evaluations_workspace_idx');
    await adminQueryOn(
      databaseUrl,
      `delete from mikro_orm_migrations where name = '0040-evaluations-by-workspace'`,
    );
    const { server } = await startAndReport();
    const applied = server.logs().find((entry) => entry.msg === 'migrations applied');
    expect(applied?.migrations).to.deep.equal(['0040-evaluations-by-workspace']);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client
      .query(`select indexname from pg_indexes where indexname = 'evaluations_workspace_idx'`)
      .finally(() => client.end());
    expect(rows).to.have.length(1);
  });
});

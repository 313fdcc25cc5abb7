import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import { migrations } from '../../../src/adapters/migrations/index.ts';
import { ServerProcess } from '../../support/server-process.ts';
import { adminQueryOn, testDatabase } from '../../support/test-database.ts';
import { TEST_MASTER_KEY } from '../../support/test-settings.ts';

/** Issue 26, item 5: N instances started at once on one empty database migrate it once, and all serve. */
describe('three server processes started at once on one empty database', function () {
  this.timeout(60000);
  let serverUrl: string;
  let url: string;
  let name: string;
  let scratch: string;
  const servers: ServerProcess[] = [];

  before(async () => {
    serverUrl = (await testDatabase()).url;
    const parsed = new URL(serverUrl);
    name = `${parsed.pathname.slice(1)}_together`;
    await adminQueryOn(serverUrl, `create database ${name}`);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    scratch = await mkdtemp(join(tmpdir(), 'start-together-'));
    await chmod(scratch, 0o755);
  });

  after(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    if (name) await adminQueryOn(serverUrl, `drop database if exists ${name} with (force)`);
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('every instance listens and answers /readyz; the migrations ran once, by one of them', async () => {
    for (let i = 0; i < 3; i++) {
      servers.push(
        new ServerProcess(
          {
            DATABASE_URL: url,
            MASTER_KEY: TEST_MASTER_KEY.toString('base64'),
            DATA_DIR: join(scratch, `data${i}`),
            HOST: '127.0.0.1',
            PORT: '0',
            LOG_LEVEL: 'info',
            RATE_LIMIT_STORE: 'memory',
            METRICS_PORT: '0',
          },
          scratch,
        ),
      );
    }
    const addresses = await Promise.all(
      servers.map(async (server) => {
        const line = await server.waitForLog((entry) => entry.msg === 'listening', 45000);
        return line.address as string;
      }),
    );
    for (const address of addresses) expect((await fetch(`${address}/readyz`)).status).to.equal(200);
    // Each serves its metrics on a listener of its own, on loopback.
    for (const server of servers) {
      const line = await server.waitForLog((entry) => entry.msg === 'metrics listening');
      expect(line.address).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
      const scraped = await fetch(`${line.address}/metrics`);
      expect(scraped.status).to.equal(200);
      expect(await scraped.text()).to.include('# TYPE db_pool_connections gauge');
    }

    const migrators = servers.filter((server) =>
      server.logs().some((entry) => entry.msg === 'migrations applied'),
    );
    expect(migrators, servers.map((server) => server.stdout + server.stderr).join('\n')).to.have.length(1);
    const applied = migrators[0]?.logs().find((entry) => entry.msg === 'migrations applied');
    expect(applied?.migrations).to.deep.equal(migrations.map((migration) => migration.name));
    for (const server of servers) expect(server.stderr).to.equal('');

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; n: number }>(
        'select name, count(*)::int as n from mikro_orm_migrations group by name order by name',
      );
      expect(rows).to.deep.equal(migrations.map((migration) => ({ name: migration.name, n: 1 })));
    } finally {
      await client.end();
    }

    for (const server of servers) server.child.kill('SIGTERM');
    for (const server of servers) expect((await server.exit(10000)).code).to.equal(0);
  });
});

import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { json } from '../../support/json.ts';
import { ServerProcess } from '../../support/server-process.ts';
import { TcpProxy } from '../../support/tcp-proxy.ts';
import { adminQueryOn, testDatabase } from '../../support/test-database.ts';
import { TEST_MASTER_KEY } from '../../support/test-settings.ts';

describe('server process (node src/main.ts)', function () {
  this.timeout(30000);
  let databaseUrl: string;
  let scratch: string;
  const started: ServerProcess[] = [];

  before(async () => {
    databaseUrl = (await testDatabase()).url;
    scratch = await mkdtemp(join(tmpdir(), 'server-process-'));
    await chmod(scratch, 0o755);
  });

  const databases: string[] = [];

  /** An empty database beside the test database, dropped after the suite. */
  async function freshDatabase(): Promise<string> {
    const url = new URL(databaseUrl);
    const name = `${url.pathname.slice(1)}_proc${databases.length}`;
    await adminQuery(`create database ${name}`);
    databases.push(name);
    url.pathname = `/${name}`;
    return url.toString();
  }

  const adminQuery = (sql: string) => adminQueryOn(databaseUrl, sql);

  after(async () => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(started.map((server) => server.exited));
    for (const name of databases) await adminQuery(`drop database if exists ${name} with (force)`);
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  function run(env: Record<string, string> = {}): ServerProcess {
    const server = new ServerProcess(
      {
        DATABASE_URL: databaseUrl,
        // The run's database holds signing keys sealed under the run's master key.
        MASTER_KEY: TEST_MASTER_KEY.toString('base64'),
        DATA_DIR: join(scratch, 'data'),
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        ...env,
      },
      scratch,
    );
    started.push(server);
    return server;
  }

  async function listening(server: ServerProcess): Promise<string> {
    const line = await server.waitForLog((entry) => entry.msg === 'listening');
    expect(line.port).to.be.a('number').above(0);
    expect(line.address).to.equal(`http://127.0.0.1:${line.port}`);
    return line.address as string;
  }

  describe('a running server', () => {
    let server: ServerProcess;
    let base: string;

    before(async () => {
      server = run();
      base = await listening(server);
    });

    it('logs the port it actually bound when PORT=0, and answers /healthz and /readyz', async () => {
      const health = await fetch(`${base}/healthz`);
      expect(health.status).to.equal(200);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).to.equal(200);
      expect(await json(ready)).to.deep.equal({ status: 'ok' });
    });

    it('never writes a bearer token or a cookie it was sent to its logs', async () => {
      await expectNoSecretsLogged(server, base);
    });

    it('exits 0 on SIGTERM, promptly even with an idle keep-alive connection open, and logs "stopped"', async () => {
      const agent = new Agent({ keepAlive: true });
      await new Promise<void>((resolve, reject) => {
        get(`${base}/healthz`, { agent }, (response) => {
          response.resume().on('end', resolve);
        }).on('error', reject);
      });
      server.child.kill('SIGTERM');
      const exit = await server.exit(8000);
      agent.destroy();
      expect(exit.code, server.stderr).to.equal(0);
      expect(exit.ms, 'shutdown took the whole SHUTDOWN_TIMEOUT_MS').to.be.below(5000);
      const messages = server.logs().map((line) => line.msg);
      // Both, in whatever order: pino writes stdout asynchronously and flushes what is pending at exit, so a
      // line still being written by the thread pool can land after the one flushed by process.exit.
      expect(messages).to.include.members(['shutting down', 'stopped']);
      expect(server.stderr).to.equal('');
    });
  });

  it('at LOG_LEVEL=trace, logs no password, token or cookie through a login, me, refresh and logout', async () => {
    const username = `proc_admin_${randomBytes(4).toString('hex')}`;
    const password = `Pw-${randomBytes(12).toString('base64url')}`;
    const server = run({
      LOG_LEVEL: 'trace',
      // Its own login budget: the PostgreSQL store's per-address counters are shared with the other tests.
      RATE_LIMIT_STORE: 'memory',
      // A database of its own, migrated by the process itself: the signing keys in the shared test database
      // may be sealed under master keys other tests chose.
      DATABASE_URL: await freshDatabase(),
      BOOTSTRAP_ADMIN_USERNAME: username,
      BOOTSTRAP_ADMIN_EMAIL: `${username}@example.com`,
      BOOTSTRAP_ADMIN_PASSWORD: password,
    });
    const base = await listening(server);
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    const login = await post('/api/auth/login', { username_or_email: username, password });
    expect(login.status, server.stdout + server.stderr).to.equal(200);
    const tokens = await json(login);
    const me = await fetch(`${base}/api/auth/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).to.equal(200);
    const refreshed = await json(await post('/api/auth/refresh', { refresh_token: tokens.refresh_token }));
    expect(refreshed.access_token).to.be.a('string');
    const logout = await post('/api/auth/logout', {}, { authorization: `Bearer ${refreshed.access_token}` });
    expect(logout.status).to.equal(204);
    const wrong = await post('/api/auth/login', { username_or_email: username, password: `${password}x` });
    expect(wrong.status).to.equal(401);
    await expectNoSecretsLogged(server, base);

    server.child.kill('SIGTERM');
    expect((await server.exit(8000)).code).to.equal(0);
    const everything = server.stdout + server.stderr;
    const secrets = [password, tokens.access_token, tokens.refresh_token, refreshed.access_token];
    for (const secret of [...secrets, refreshed.refresh_token, 'secret-token-xyz', 'secret-cookie']) {
      expect(everything.includes(secret), `a secret of ${secret.length} characters was logged`).to.equal(
        false,
      );
    }
  });

  describe('SIGTERM with requests stuck on a silently unreachable database', () => {
    /** A server behind a proxy that goes silent under three requests, then SIGTERM: how it ended. */
    async function stopWhileStuck(env: Record<string, string>) {
      const proxy = new TcpProxy();
      try {
        // Only the requests: a background job's transaction caught by the outage would hit the pool's known
        // leak of a connection that died mid-transaction (see the hard-exit test below for what that does).
        const quiet = {
          RUN_SWEEP_INTERVAL_SECONDS: '0',
          SCHEDULE_INTERVAL_SECONDS: '0',
          RETENTION_INTERVAL_SECONDS: '0',
          OUTBOUND_WEBHOOK_POLL_INTERVAL_MS: '600000',
          BLUEPRINT_ENGINE_POLL_INTERVAL_MS: '0',
          EXPORT_POLL_INTERVAL_SECONDS: '0',
          KNOWLEDGE_POLL_INTERVAL_SECONDS: '0',
        };
        const server = run({ DATABASE_URL: await proxy.start(databaseUrl), ...quiet, ...env });
        const base = await listening(server);
        expect((await fetch(`${base}/readyz`)).status).to.equal(200);
        proxy.silence();
        const login = { username_or_email: 'x', password: 'y' };
        const stuck = [
          fetch(`${base}/readyz`),
          fetch(`${base}/readyz`),
          fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(login),
          }),
        ].map((request) => request.catch(() => undefined));
        await new Promise((resolve) => setTimeout(resolve, 300)); // the queries are on the wire
        server.child.kill('SIGTERM');
        const exit = await server.exit(15000);
        await Promise.all(stuck);
        expect(exit.signal, `still running ${Math.round(exit.ms)} ms after SIGTERM`).to.equal(null);
        return { exit, messages: server.logs().map((line) => line.msg) };
      } finally {
        await proxy.close();
      }
    }

    it('exits 0 well within SHUTDOWN_TIMEOUT_MS: every query has a deadline', async () => {
      // Room enough for the deadlines (1.5 s): a clean exit, not the hard one.
      const { exit, messages } = await stopWhileStuck({ SHUTDOWN_TIMEOUT_MS: '8000' });
      expect(exit.code).to.equal(0);
      expect(exit.ms).to.be.below(8000);
      expect(messages).to.include('stopped');
    });

    it('exits 1 once SHUTDOWN_TIMEOUT_MS has passed when something still hangs', async () => {
      const { exit, messages } = await stopWhileStuck({
        SHUTDOWN_TIMEOUT_MS: '2000',
        DATABASE_STATEMENT_TIMEOUT_MS: '60000', // queries outlast the shutdown
        DATABASE_REQUEST_BUDGET_MS: '60000',
      });
      expect(exit.code).to.equal(1);
      expect(exit.ms).to.be.within(1900, 2000 + 2000);
      expect(messages).to.include('shutdown timed out; exiting anyway').and.not.include('stopped');
    });
  });

  describe('a bad configuration', () => {
    /** Starts with `env`, expecting exit code 1 and one stderr line naming `variable`. */
    async function refused(env: Record<string, string>, variable: string) {
      const server = run(env);
      const exit = await server.exit(15000);
      expect(exit.code).to.equal(1);
      const lines = server.stderr.split('\n').filter(Boolean);
      expect(lines, server.stderr).to.have.lengthOf(1);
      expect(lines[0]).to.include(variable);
      return server;
    }

    it('PORT=abc exits 1 with one stderr line naming PORT', async () => {
      const server = await refused({ PORT: 'abc' }, 'PORT');
      expect(server.stdout).to.equal('');
    });

    it('a malformed DATABASE_URL exits 1 naming the variable without echoing its value', async () => {
      const server = await refused(
        { DATABASE_URL: 'mysql://admin:hunter2-db-password@db.internal/app' },
        'DATABASE_URL',
      );
      expect(server.stderr + server.stdout).not.to.include('hunter2');
    });
  });
});

/** Sends a bearer token and a cookie to routes of every kind, then looks for them in everything logged. */
async function expectNoSecretsLogged(server: ServerProcess, base: string): Promise<void> {
  const secrets = { authorization: 'Bearer secret-token-xyz', cookie: 'sid=secret-cookie' };
  const requests: [method: string, path: string][] = [
    ['GET', '/api/auth/me'],
    ['POST', '/api/auth/logout'],
    ['GET', '/api/v2/openapi.json'],
    ['GET', '/api/no-such-route'],
    ['GET', '/readyz'],
  ];
  for (const [method, path] of requests) {
    const requestId = `log-check-${method}${path.replace(/\W+/g, '-')}`;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...secrets, 'x-request-id': requestId },
    });
    await response.arrayBuffer();
    // The access log line is written once the response is done: wait for it before looking.
    await server.waitForLog((entry) => entry.requestId === requestId && entry.msg === 'request');
  }
  const everything = server.stdout + server.stderr;
  expect(everything).not.to.include('secret-token-xyz');
  expect(everything).not.to.include('secret-cookie');
  for (const line of server.logs()) expect(line).to.have.property('level');
}

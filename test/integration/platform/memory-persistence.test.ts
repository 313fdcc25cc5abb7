import { createHmac } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ServerProcess } from '../../support/server-process.ts';

const ADMIN = { username: 'admin', email: 'admin@example.com', password: 'memory passphrase 123' };

/**
 * `PERSISTENCE=memory node src/main.ts`: the README's walkthrough (login, me, a mission, a trigger, a signed
 * delivery, a claimed and completed run) against a server with no database at all. DATABASE_URL points at a
 * closed port, so any attempt to reach PostgreSQL would fail the start or a request.
 */
describe('the whole API on PERSISTENCE=memory (a real server process, no PostgreSQL)', function () {
  this.timeout(30000);
  let scratch: string;
  let server: ServerProcess;
  let base: string;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'memory-persistence-'));
    await chmod(scratch, 0o755);
    server = new ServerProcess(
      {
        PERSISTENCE: 'memory',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing',
        PORT: '0',
        DATA_DIR: scratch,
        LOG_LEVEL: 'info',
        BOOTSTRAP_ADMIN_USERNAME: ADMIN.username,
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      },
      scratch,
    );
    const listening = await server.waitForLog((entry) => entry.msg === 'listening');
    base = `http://127.0.0.1:${listening.port}`;
  });

  after(async () => {
    server.child.kill('SIGTERM');
    await server.exit(10000);
    await rm(scratch, { recursive: true, force: true });
  });

  const call = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  it('says loudly at start that nothing survives a restart', () => {
    const warning = server.logs().find((line) => String(line.msg).startsWith('PERSISTENCE=memory'));
    expect(warning?.level).to.equal(40);
    expect(String(warning?.msg)).to.include('lost when it stops');
  });

  it('serves login, me, a mission, a trigger, a signed delivery and a claimed run', async () => {
    expect((await call('/readyz')).status).to.equal(200);
    const login = await call('/api/auth/login', {
      body: { username_or_email: ADMIN.username, password: ADMIN.password },
    });
    expect(login.status).to.equal(200);
    const token = login.body.access_token as string;
    const me = await call('/api/auth/me', { token });
    expect(me.body).to.include({ username: ADMIN.username });
    const workspaceId = me.body.workspaces[0].id as string;

    const mission = await call('/api/missions', {
      token,
      body: { workspace_id: workspaceId, name: 'On push' },
    });
    expect(mission.status).to.equal(201);
    const trigger = await call('/api/triggers', {
      token,
      body: { mission_id: mission.body.id, name: 'GitHub pushes' },
    });
    expect(trigger.status).to.equal(201);

    const body = '{"event":"push","ref":"refs/heads/main"}';
    const signature = createHmac('sha256', trigger.body.signing_secret).update(body).digest('hex');
    const delivered = await fetch(`${base}/api/triggers/webhook/${trigger.body.webhook_path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': `sha256=${signature}` },
      body,
    });
    expect(delivered.status).to.equal(202);
    const receipt = (await delivered.json()) as { run_id: string };

    const claimed = await call('/api/runs/claim', { token, body: { workspace_id: workspaceId } });
    expect(claimed.status).to.equal(200);
    expect(claimed.body).to.include({ id: receipt.run_id, status: 'running' });
    expect(claimed.body.input.body).to.deep.equal(JSON.parse(body));
    const done = await call(`/api/runs/${receipt.run_id}/complete`, {
      token,
      body: { status: 'succeeded', output: { ok: true } },
    });
    expect(done.body).to.include({ status: 'succeeded' });
  });
});

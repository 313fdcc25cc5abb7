import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { api, type Caller, withKey } from '../../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { signUp, startTestApp } from '../../support/test-app.ts';

const KEY = /^pk_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{43}$/;
const CHALLENGE = 'Bearer realm="api", error="invalid_token"';

describe('workspace API keys over HTTP (PostgreSQL)', () => {
  const app = suiteApp();
  const [owner, admin, member] = [suiteUser(app), suiteUser(app), suiteUser(app)];
  const workspace = suiteWorkspace(app, owner, 'Keys', [
    [admin, 'admin'],
    [member, 'member'],
  ]);

  async function createKey(
    role: 'admin' | 'member',
    body: object = {},
    as: Caller = admin,
    ws = workspace.id,
  ) {
    const response = await api(app, as, 'POST', `/api/workspaces/${ws}/api-keys`, {
      name: `${role} worker`,
      role,
      ...body,
    });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return { ...response.body, caller: withKey(response.body.key) } as {
      id: string;
      key: string;
      prefix: string;
      caller: Caller;
    };
  }

  async function expectInvalidToken(caller: Caller, label: string) {
    const response = await api(app, caller, 'GET', `/api/workspaces/${workspace.id}`);
    expect(response.status, label).to.equal(401);
    expect(response.body.code, label).to.equal('invalid_token');
    expect(response.headers.get('www-authenticate'), label).to.equal(CHALLENGE);
    return response;
  }

  it('creates a key shown once (no-store), lists it without the key, and the key works at once', async () => {
    const response = await api(app, admin, 'POST', `/api/workspaces/${workspace.id}/api-keys`, {
      name: 'CI deploys',
      role: 'member',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(response.status).to.equal(201);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    const created = response.body;
    expect(created.key).to.match(KEY);
    expect(created).to.deep.include({
      name: 'CI deploys',
      role: 'member',
      prefix: created.key.slice(0, 25),
      created_by: admin.userId,
      last_used_at: null,
    });

    const me = await api(app, withKey(created.key), 'GET', '/api/auth/me');
    expect(me.status).to.equal(200);
    expect(me.body).to.deep.equal({
      api_key: { id: created.id, name: 'CI deploys', workspace_id: workspace.id, role: 'member' },
    });

    const list = await api(app, owner, 'GET', `/api/workspaces/${workspace.id}/api-keys`);
    expect(list.status).to.equal(200);
    const listed = list.body.items.find((k: { id: string }) => k.id === created.id);
    const { key, ...withoutKey } = created;
    expect(listed).to.deep.equal({ ...withoutKey, last_used_at: listed.last_used_at });
    expect(Date.parse(listed.last_used_at), 'the call to /me was recorded').to.be.greaterThan(0);
    expect(JSON.stringify(list.body)).not.to.include(key.slice(26));
  });

  it('refuses bad bodies with 400: unknown fields, owner role, a past expiry, a blank name', async () => {
    for (const body of [
      { name: 'x', role: 'admin', scopes: ['all'] },
      { name: 'x', role: 'owner' },
      { name: 'x', role: 'admin', expires_at: new Date(Date.now() - 1000).toISOString() },
      { name: '   ', role: 'admin' },
      { role: 'admin' },
    ]) {
      const response = await api(app, admin, 'POST', `/api/workspaces/${workspace.id}/api-keys`, body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body.code).to.equal('validation_failed');
    }
  });

  it('acts with its role in its own workspace: a member key reads, an admin key manages missions and runs', async () => {
    const reader = await createKey('member');
    const writer = await createKey('admin');
    const forbidden = await api(app, reader.caller, 'POST', '/api/missions', {
      workspace_id: workspace.id,
      name: 'm',
    });
    expect([forbidden.status, forbidden.body.code]).to.deep.equal([403, 'forbidden']);
    const mission = await api(app, writer.caller, 'POST', '/api/missions', {
      workspace_id: workspace.id,
      name: 'm',
    });
    expect(mission.status).to.equal(201);
    expect((await api(app, reader.caller, 'GET', `/api/missions/${mission.body.id}`)).status).to.equal(200);
    const workspaces = await api(app, reader.caller, 'GET', '/api/workspaces');
    expect(workspaces.body.items.map((w: { id: string; role: string }) => [w.id, w.role])).to.deep.equal([
      [workspace.id, 'member'],
    ]);
    expect((await api(app, reader.caller, 'GET', `/api/workspaces/${workspace.id}/members`)).status).to.equal(
      200,
    );
    for (const [method, path, body] of [
      ['PATCH', `/api/workspaces/${workspace.id}`, { name: 'taken over' }],
      ['DELETE', `/api/workspaces/${workspace.id}`, undefined],
      [
        'POST',
        `/api/workspaces/${workspace.id}/invitations`,
        { username_or_email: member.email, role: 'owner' },
      ],
      ['DELETE', `/api/workspaces/${workspace.id}/members/${owner.userId}`, undefined],
      ['GET', `/api/workspaces/${workspace.id}/api-keys`, undefined],
    ] as const) {
      const response = await api(app, reader.caller, method, path, body);
      expect(response.status, `${method} ${path}`).to.equal(403);
    }
    const own = await api(app, writer.caller, 'GET', `/api/workspaces/${workspace.id}/api-keys`);
    expect(own.status).to.equal(200);
  });

  it("answers another workspace's resources 404, exactly like resources that do not exist", async () => {
    const { caller } = await createKey('admin');
    const stranger = await signUp(app);
    const theirs = (await api(app, stranger, 'GET', '/api/workspaces')).body.items[0].id;
    const mission = await api(app, stranger, 'POST', '/api/missions', {
      workspace_id: theirs,
      name: 'theirs',
    });
    for (const [existing, missing] of [
      [`/api/workspaces/${theirs}`, `/api/workspaces/${randomUUID()}`],
      [`/api/missions/${mission.body.id}`, `/api/missions/${randomUUID()}`],
      [`/api/runs?workspace_id=${theirs}`, `/api/runs?workspace_id=${randomUUID()}`],
      [`/api/workspaces/${theirs}/api-keys`, `/api/workspaces/${randomUUID()}/api-keys`],
    ] as const) {
      const hidden = await api(app, caller, 'GET', existing);
      const absent = await api(app, caller, 'GET', missing);
      expect(hidden.status, existing).to.equal(404);
      expect(hidden.body, existing).to.deep.equal(absent.body);
    }
    const claim = await api(app, caller, 'POST', '/api/runs/claim', { workspace_id: theirs });
    expect(claim.status).to.equal(404);
    const create = await api(app, caller, 'POST', `/api/workspaces/${theirs}/api-keys`, {
      name: 'x',
      role: 'admin',
    });
    expect(create.status).to.equal(404);
  });

  it("answers 403 api_key_not_allowed on a person's own routes: logout, sessions, new workspaces, new keys", async () => {
    const { caller } = await createKey('admin');
    for (const [method, path, body] of [
      ['POST', '/api/auth/logout', undefined],
      ['GET', '/api/auth/sessions', undefined],
      ['DELETE', `/api/auth/sessions/${randomUUID()}`, undefined],
      ['POST', '/api/auth/sessions/revoke-all', undefined],
      ['GET', '/api/auth/mfa/totp', undefined],
      ['POST', '/api/auth/mfa/totp', undefined],
      ['POST', '/api/auth/mfa/totp/confirm', { code: '123456' }],
      ['DELETE', '/api/auth/mfa/totp', { password: 'a password', code: '123456' }],
      ['POST', '/api/workspaces', { name: 'mine' }],
      ['POST', `/api/workspaces/${workspace.id}/api-keys`, { name: 'child', role: 'admin' }],
    ] as const) {
      const response = await api(app, caller, method, path, body);
      expect([response.status, response.body.code], `${method} ${path}`).to.deep.equal([
        403,
        'api_key_not_allowed',
      ]);
    }
    // The key is still fine after all that: none of these ended anything.
    expect((await api(app, caller, 'GET', '/api/auth/me')).status).to.equal(200);
  });

  it('a run claimed with a key is held by that key: another key or a login session gets 409', async () => {
    const worker = await createKey('admin');
    const rival = await createKey('admin');
    const mission = await api(app, admin, 'POST', '/api/missions', {
      workspace_id: workspace.id,
      name: 'keyed',
    });
    const started = async () =>
      (await api(app, admin, 'POST', `/api/missions/${mission.body.id}/runs`, { input: { n: 1 } })).body.id;
    const claim = (caller: Caller) =>
      api(app, caller, 'POST', '/api/runs/claim', {
        workspace_id: workspace.id,
        mission_ids: [mission.body.id],
      });

    const byKey = await started();
    const claimed = await claim(worker.caller);
    expect(claimed.body).to.include({ id: byKey, status: 'running' });
    for (const [label, caller] of [
      ['another key', rival.caller],
      ['the admin who made the key', admin],
    ] as const) {
      const beat = await api(app, caller, 'POST', `/api/runs/${byKey}/heartbeat`, {});
      const done = await api(app, caller, 'POST', `/api/runs/${byKey}/complete`, { status: 'succeeded' });
      expect([beat.status, done.status, done.body.code], label).to.deep.equal([409, 409, 'conflict']);
    }
    expect((await api(app, worker.caller, 'POST', `/api/runs/${byKey}/heartbeat`, {})).status).to.equal(200);
    const done = await api(app, worker.caller, 'POST', `/api/runs/${byKey}/complete`, {
      status: 'succeeded',
      output: { by: 'key' },
    });
    expect(done.body).to.deep.include({ status: 'succeeded', output: { by: 'key' } });

    const bySession = await started();
    expect((await claim(admin)).body.id).to.equal(bySession);
    const keyBeat = await api(app, worker.caller, 'POST', `/api/runs/${bySession}/heartbeat`, {});
    expect(keyBeat.status, 'a key cannot report on a session-held run').to.equal(409);
    expect(
      (await api(app, admin, 'POST', `/api/runs/${bySession}/complete`, { status: 'failed' })).status,
    ).to.equal(200);
  });

  it('a member key cannot claim runs (403)', async () => {
    const { caller } = await createKey('member');
    const response = await api(app, caller, 'POST', '/api/runs/claim', { workspace_id: workspace.id });
    expect([response.status, response.body.code]).to.deep.equal([403, 'forbidden']);
  });

  it('malformed and unknown keys are 401 invalid_token with the bearer challenge', async () => {
    const { key } = await createKey('member');
    const wrongSecret = `${key.slice(0, 26)}${key.at(26) === 'A' ? 'B' : 'A'}${key.slice(27)}`;
    const unknown = `pk_${randomBytes(16).toString('base64url')}_${randomBytes(32).toString('base64url')}`;
    for (const [label, credential] of [
      ['too short', 'pk_abc'],
      ['truncated', key.slice(0, -1)],
      ['wrong separator', `${key.slice(0, 25)}-${key.slice(26)}`],
      ['wrong secret', wrongSecret],
      ['unknown key id', unknown],
    ] as const) {
      const response = await expectInvalidToken(withKey(credential), label);
      expect(JSON.stringify(response.body), label).not.to.include(credential.slice(3));
    }
  });

  it('revocation holds on the next request, on every instance; revoking again is 404', async () => {
    const other = await startTestApp();
    try {
      const { id, caller } = await createKey('admin');
      expect((await api(other, caller, 'GET', `/api/workspaces/${workspace.id}`)).status).to.equal(200);
      const revoked = await api(app, owner, 'DELETE', `/api/workspaces/${workspace.id}/api-keys/${id}`);
      expect(revoked.status).to.equal(204);
      await expectInvalidToken(caller, 'revoked, this instance');
      const elsewhere = await api(other, caller, 'GET', `/api/workspaces/${workspace.id}`);
      expect([elsewhere.status, elsewhere.body.code]).to.deep.equal([401, 'invalid_token']);
      const again = await api(app, owner, 'DELETE', `/api/workspaces/${workspace.id}/api-keys/${id}`);
      expect(again.status).to.equal(404);
      const listed = await api(app, owner, 'GET', `/api/workspaces/${workspace.id}/api-keys?limit=200`);
      expect(listed.body.items.map((k: { id: string }) => k.id)).not.to.include(id);
    } finally {
      await other.close();
    }
  });

  it('an expired key is 401 invalid_token from its expiry on', async () => {
    const expiresAt = new Date(Date.now() + 1500);
    const { caller } = await createKey('member', { expires_at: expiresAt.toISOString() });
    expect((await api(app, caller, 'GET', `/api/workspaces/${workspace.id}`)).status).to.equal(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 50));
    await expectInvalidToken(caller, 'expired');
  });

  it("a key of a deleted workspace is 401 invalid_token; a key cannot delete its workspace or revoke another's keys", async () => {
    const shared = await api(app, owner, 'POST', '/api/workspaces', { name: 'Short-lived' });
    const { caller } = await createKey('admin', {}, owner, shared.body.id);
    const mine = await createKey('admin');
    const cross = await api(app, caller, 'DELETE', `/api/workspaces/${workspace.id}/api-keys/${mine.id}`);
    expect(cross.status).to.equal(404);
    expect((await api(app, caller, 'DELETE', `/api/workspaces/${shared.body.id}`)).status).to.equal(403);
    expect((await api(app, owner, 'DELETE', `/api/workspaces/${shared.body.id}`)).status).to.equal(204);
    const response = await api(app, caller, 'GET', '/api/auth/me');
    expect([response.status, response.body.code]).to.deep.equal([401, 'invalid_token']);
    expect(response.headers.get('www-authenticate')).to.equal(CHALLENGE);
  });
});

import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp } from '../../support/http-suite.ts';
import { json } from '../../support/json.ts';
import { TcpProxy } from '../../support/tcp-proxy.ts';
import { type SignedUp, signUp, startAppAgainst, type TestApp } from '../../support/test-app.ts';
import { testDatabase } from '../../support/test-database.ts';
import { createTrigger, deliver, ownerWithMission } from '../../support/webhook-fixture.ts';
import { within } from '../../support/within.ts';

/** SPEC: a change made through one instance is seen by every other one within a second. */
const ELSEWHERE_MS = 1000;

/**
 * Two instances with their caches on (the default) on one database: whatever ends a credential on A is
 * refused by A on the very next request and by B within a second, though B had it cached.
 */
describe('caches on two instances: invalidation', () => {
  const env = { JWT_ISSUER: 'https://api.example.test', CACHE: 'on' };
  const [a, b] = [suiteApp(env, { dispose: true }), suiteApp(env, { dispose: true })];

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = (app: TestApp, token: string) => app.request('/api/auth/me', { headers: bearer(token) });

  const refusedWithinASecond = (app: TestApp, token: string) =>
    within(ELSEWHERE_MS, 'refused', async () => (await me(app, token)).status === 401);

  /** Changes the user's display name behind every cache's back (no trigger fires, nothing is announced). */
  async function renameUnannounced(user: SignedUp, displayName: string): Promise<void> {
    const client = await (await testDatabase()).db.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      await client.query('update users set display_name = $1 where id = $2', [displayName, user.userId]);
      await client.query('commit');
    } finally {
      client.release();
    }
  }

  /** Waits until `app` answers `/me` from its caches: proof that they are live, so the tests below test them. */
  async function servedFromCache(app: TestApp, user: SignedUp): Promise<void> {
    await within(5000, 'cached', async () => {
      const shown = (await json(await me(app, user.accessToken))).display_name;
      await renameUnannounced(user, `${shown} (changed)`);
      const cached = (await json(await me(app, user.accessToken))).display_name === shown;
      // Back to the name every instance may have cached, announced this time.
      const { db } = await testDatabase();
      await db.query('update users set display_name = $1 where id = $2', [shown, user.userId]);
      return cached;
    });
  }

  /** A user whose session and data both instances hold in their caches. */
  async function cachedEverywhere(): Promise<SignedUp> {
    const user = await signUp(a);
    for (const app of [a, b]) await servedFromCache(app, user);
    for (const app of [a, b]) expect((await me(app, user.accessToken)).status).to.equal(200);
    return user;
  }

  it('both instances serve /me from their caches', async () => {
    await cachedEverywhere();
  });

  it('a logout on A: A refuses the token at once, B within a second', async () => {
    const user = await cachedEverywhere();
    expect((await a.request('/api/auth/logout', { method: 'POST', headers: user.auth })).status).to.equal(
      204,
    );
    expect((await me(a, user.accessToken)).status).to.equal(401);
    await refusedWithinASecond(b, user.accessToken);
  });

  it('a session revoked on A: refused at once on A, within a second on B', async () => {
    const user = await cachedEverywhere();
    const other = (await json(
      await a.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username_or_email: user.username, password: user.password }),
      }),
    )) as { access_token: string };
    const sessions = await api(a, { auth: bearer(other.access_token) }, 'GET', '/api/auth/sessions');
    const revoked = sessions.body.items.find((session: { current: boolean }) => !session.current);
    const answer = await api(
      a,
      { auth: bearer(other.access_token) },
      'DELETE',
      `/api/auth/sessions/${revoked.id}`,
    );
    expect(answer.status).to.equal(204);
    expect((await me(a, user.accessToken)).status).to.equal(401);
    await refusedWithinASecond(b, user.accessToken);
  });

  it('a user disabled through A: refused at once on A, within a second on B', async () => {
    const user = await cachedEverywhere();
    await a.container.cradle.disableUser(user.username);
    expect((await me(a, user.accessToken)).status).to.equal(401);
    await refusedWithinASecond(b, user.accessToken);
  });

  it('a password set through A: refused at once on A, within a second on B', async () => {
    const user = await cachedEverywhere();
    await a.container.cradle.setPassword(user.username, 'an entirely new password');
    expect((await me(a, user.accessToken)).status).to.equal(401);
    await refusedWithinASecond(b, user.accessToken);
  });

  it("a workspace created and renamed through A shows in the user's /me on A at once, on B within a second", async () => {
    const user = await cachedEverywhere();
    const created = await api(a, user, 'POST', '/api/workspaces', { name: 'Fresh' });
    expect(created.status).to.equal(201);
    const names = async (app: TestApp) =>
      (await json(await me(app, user.accessToken))).workspaces.map((w: { name: string }) => w.name);
    expect(await names(a)).to.include('Fresh');
    await within(ELSEWHERE_MS, 'listed on B', async () => (await names(b)).includes('Fresh'));
    const renamed = await api(a, user, 'PATCH', `/api/workspaces/${created.body.id}`, { name: 'Renamed' });
    expect(renamed.status).to.equal(200);
    expect(await names(a)).to.include('Renamed');
    await within(ELSEWHERE_MS, 'renamed on B', async () => (await names(b)).includes('Renamed'));
  });

  /** A trigger made through A whose path and secret both instances have accepted a delivery with (and cached). */
  async function triggerKnownToBoth() {
    const owner = await ownerWithMission(a);
    await servedFromCache(b, owner.user);
    const trigger = await createTrigger(a, owner);
    const path = trigger.webhook_path as string;
    const secret = trigger.signing_secret as string;
    for (const app of [a, b]) expect((await deliver(app, path, '{"n":1}', secret)).status).to.equal(202);
    return { owner, trigger, path, secret };
  }

  it('a trigger secret rotated through A: the old secret is refused at once on A, within a second on B', async () => {
    const { owner, trigger, path, secret: old } = await triggerKnownToBoth();
    const rotated = await api(a, owner.user, 'POST', `/api/triggers/${trigger.id}/rotate-secret`, {
      grace_seconds: 0,
    });
    expect(rotated.status).to.equal(200);
    expect((await deliver(a, path, '{"n":2}', old)).status).to.equal(401);
    await within(
      ELSEWHERE_MS,
      'old secret refused on B',
      async () => (await deliver(b, path, '{"n":3}', old)).status === 401,
    );
    const fresh = rotated.body.signing_secret as string;
    for (const app of [a, b]) expect((await deliver(app, path, '{"n":4}', fresh)).status).to.equal(202);
  });

  it('a trigger deleted through A: its webhook path is unknown at once on A, within a second on B', async () => {
    const { owner, trigger, path, secret } = await triggerKnownToBoth();
    expect((await api(a, owner.user, 'DELETE', `/api/triggers/${trigger.id}`)).status).to.equal(204);
    expect((await deliver(a, path, '{"n":2}', secret)).status).to.equal(404);
    await within(
      ELSEWHERE_MS,
      'unknown on B',
      async () => (await deliver(b, path, '{"n":3}', secret)).status === 404,
    );
  });

  it('an API key revoked through A: refused at once on A, within a second on B', async () => {
    const owner = await ownerWithMission(a);
    const created = await api(a, owner.user, 'POST', `/api/workspaces/${owner.workspaceId}/api-keys`, {
      name: 'worker',
      role: 'admin',
    });
    expect(created.status).to.equal(201);
    const key = created.body.key as string;
    await servedFromCache(b, owner.user);
    for (const app of [a, b]) expect((await me(app, key)).status).to.equal(200);
    const revoked = await api(
      a,
      owner.user,
      'DELETE',
      `/api/workspaces/${owner.workspaceId}/api-keys/${created.body.id}`,
    );
    expect(revoked.status).to.equal(204);
    expect((await me(a, key)).status).to.equal(401);
    await refusedWithinASecond(b, key);
  });

  it('an instance whose LISTEN connection never works serves nothing from its caches', async () => {
    const proxy = new TcpProxy();
    // Every connection of C goes through the proxy, which cuts the one that sends LISTEN.
    proxy.cutOn = 'listen ';
    const c = await startAppAgainst(await proxy.start((await testDatabase()).url), {
      JWT_ISSUER: 'https://api.example.test',
    });
    try {
      const user = await signUp(a);
      const meOnC = () => fetch(`${c.baseUrl}/api/auth/me`, { headers: user.auth });
      expect((await meOnC()).status).to.equal(200);
      await a.container.cradle.disableUser(user.username);
      expect((await meOnC()).status).to.equal(401);
    } finally {
      await c.close();
      await proxy.close();
    }
  });
});

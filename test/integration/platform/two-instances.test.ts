import { expect } from 'chai';
import { decodeProtectedHeader } from 'jose';
import { api } from '../../support/api.ts';
import { suiteApp } from '../../support/http-suite.ts';
import { json } from '../../support/json.ts';
import { type SignedUp, signUp, type TestApp } from '../../support/test-app.ts';
import { testRedis } from '../../support/test-redis.ts';
import { createTrigger, deliver, ownerWithMission } from '../../support/webhook-fixture.ts';
import { within } from '../../support/within.ts';

/** Item 4 of issue 10: N stateless instances behind a load balancer, here two, on one database and one Redis. */
describe('two instances on one database and one Redis', () => {
  const env = async () => ({
    // Behind one load balancer every instance has one public identity: the issuer its tokens carry.
    JWT_ISSUER: 'https://api.example.test',
    RATE_LIMIT_STORE: 'redis',
    REDIS_URL: (await testRedis()).url,
    WEBHOOK_RATE_LIMIT_PER_MINUTE: '6',
    // Every delivery counted in Redis before its answer: the exact sharing this test checks (the batched
    // default, with its bounded over-admission, is tested in test/integration/throttling).
    WEBHOOK_RATE_LIMIT_SYNC_MS: '0',
  });
  const [a, b] = [suiteApp(env, { dispose: true }), suiteApp(env, { dispose: true })];

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = (app: TestApp, token: string) => app.request('/api/auth/me', { headers: bearer(token) });
  const refresh = (app: TestApp, refreshToken: string) =>
    app.request('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
  const logIn = (app: TestApp, user: SignedUp, password = user.password) =>
    app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username_or_email: user.username, password }),
    });

  it('a login on A refreshes on B, and a logout on A is refused on B within a second', async () => {
    const user = await signUp(a);
    const refreshed = await refresh(b, user.refreshToken);
    expect(refreshed.status).to.equal(200);
    const pair = await json(refreshed);
    expect((await me(b, pair.access_token)).status).to.equal(200);

    expect(
      (await a.request('/api/auth/logout', { method: 'POST', headers: bearer(pair.access_token) })).status,
    ).to.equal(204);
    // B may hold the session in its cache until the database's notification reaches it (SPEC: within 1 s).
    await within(1000, 'refused on B', async () => (await me(b, pair.access_token)).status === 401);
    expect((await me(b, user.accessToken)).status).to.equal(401);
    expect((await refresh(b, pair.refresh_token)).status).to.equal(401);
  });

  it('throttling is shared: failed logins and webhook deliveries on A and B spend one budget', async () => {
    // Five failed logins of one account, alternating instances, start its back-off on both.
    const user = await signUp(a);
    for (let i = 0; i < 5; i++)
      expect((await logIn(i % 2 ? b : a, user, 'wrong password!')).status).to.equal(401);
    for (const app of [a, b]) {
      const refused = await logIn(app, user);
      expect(refused.status).to.equal(429);
      expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
    }

    // Six deliveries a minute per webhook path, counted in Redis: three on each instance spend it.
    const owner = await ownerWithMission(a);
    const trigger = await createTrigger(a, owner);
    for (let i = 0; i < 6; i++) {
      const answer = await deliver(i % 2 ? b : a, trigger.webhook_path, `{"i":${i}}`, trigger.signing_secret);
      expect(answer.status).to.equal(202);
    }
    for (const app of [a, b]) {
      const answer = await deliver(app, trigger.webhook_path, '{"i":"over"}', trigger.signing_secret);
      expect(answer.status).to.equal(429);
    }
  });

  it('concurrent claims on A and B never hand out one run twice', async function () {
    this.timeout(60_000);
    const owner = await ownerWithMission(a);
    const runs = 120;
    for (let i = 0; i < runs; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          api(i % 40 ? a : b, owner.user, 'POST', `/api/missions/${owner.missionId}/runs`, {
            input: { n: i + j },
          }),
        ),
      );
    }
    // Four workers (login sessions), each alternating between the instances on every claim.
    const workers = await Promise.all(
      [a, b, a, b].map(async (app) => (await json(await logIn(app, owner.user))).access_token as string),
    );
    const claimed: string[] = [];
    await Promise.all(
      workers.map(async (token, w) => {
        for (let n = w; ; n++) {
          const app = n % 2 ? b : a;
          const answer = await app.request('/api/runs/claim', {
            method: 'POST',
            headers: { ...bearer(token), 'content-type': 'application/json' },
            body: JSON.stringify({ workspace_id: owner.workspaceId, lease_seconds: 300 }),
          });
          if (answer.status === 204) return;
          expect(answer.status).to.equal(200);
          claimed.push((await json(answer)).id);
        }
      }),
    );
    expect(claimed).to.have.lengthOf(runs);
    expect(new Set(claimed).size).to.equal(runs);
  });

  it("a signing key rotated through A signs A's tokens, which B accepts, and B's JWKS serves it", async () => {
    const user = await signUp(a);
    const kid = await a.container.cradle.rotateSigningKey();
    const token = (await json(await logIn(a, user))).access_token as string;
    expect(decodeProtectedHeader(token).kid).to.equal(kid);
    // B reloads its keys on an unknown key id at most every 2 s: a B that reloaded just before the rotation
    // refuses the new key's tokens until then (DEPLOYMENT.md), never longer.
    await within(3000, 'accepted on B', async () => (await me(b, token)).status === 200, 200);
    const jwks = await json(await b.request('/api/auth/jwks.json'));
    expect(jwks.keys.map((key: { kid: string }) => key.kid)).to.include(kid);
  });
});

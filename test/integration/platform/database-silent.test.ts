import { expect } from 'chai';
import { suiteApp, suiteUser } from '../../support/http-suite.ts';
import { TcpProxy } from '../../support/tcp-proxy.ts';
import { type DetachedApp, startAppAgainst } from '../../support/test-app.ts';
import { testDatabase } from '../../support/test-database.ts';

/** Far below the 40 s and more a request hung before queries had a deadline; far above the deadlines. */
const ANSWERED_WITHIN_MS = 6000;

describe('database silently unreachable: packets dropped, no reset (real socket)', () => {
  const app = suiteApp();
  const user = suiteUser(app);
  let auth: Record<string, string>;
  let proxy: TcpProxy;
  let proxied: DetachedApp;

  before(async () => {
    proxy = new TcpProxy();
    // Both pools behind the proxy: the ORM's and the rate-limit store's (RATE_LIMIT_STORE=postgres). No caches:
    // this is about queries' deadlines, and a cache may answer /me from memory until its LISTEN connection's
    // probe finds the silence (test/integration/platform/postgres-listener.test.ts).
    proxied = await startAppAgainst(await proxy.start((await testDatabase()).url), {
      RATE_LIMIT_STORE: 'postgres',
      CACHE: 'off',
    });
    // A token of the proxied app's own issuer (its PUBLIC_URL differs from the test app's).
    const { response, body } = await login();
    expect(response.status, body).to.equal(200);
    auth = { authorization: `Bearer ${JSON.parse(body).access_token}` };
  });
  after(async () => {
    await proxied?.close();
    await proxy?.close();
  });

  const timed = async (path: string, init: RequestInit = {}) => {
    const started = performance.now();
    // A hang shows as an abort here, not as a mocha timeout.
    const response = await fetch(`${proxied.baseUrl}${path}`, {
      ...init,
      signal: AbortSignal.timeout(20000),
    });
    const body = await response.text();
    return { response, body, ms: Math.round(performance.now() - started) };
  };
  const me = () => timed('/api/auth/me', { headers: auth });
  const login = () =>
    timed('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username_or_email: user.username, password: user.password }),
    });

  it('answers 503 with Retry-After instead of hanging, then serves again once packets flow', async function () {
    this.timeout(90000);
    expect((await me()).response.status).to.equal(200);
    expect((await timed('/readyz')).response.status).to.equal(200);

    proxy.silence();
    // More requests at once than the pool has connections (4): some wait for a connection, not a query.
    const answers = await Promise.all([
      timed('/readyz'),
      me(),
      me(),
      me(),
      me(),
      me(),
      login(),
      timed('/readyz'),
    ]);
    for (const { response, body, ms } of answers) {
      const what = `${response.url} after ${ms} ms: ${body}`;
      expect(response.status, what).to.equal(503);
      expect(response.headers.get('retry-after'), what).to.match(/^\d+$/);
      expect(JSON.parse(body).code, what).to.equal('service_unavailable');
      expect(ms, what).to.be.below(ANSWERED_WITHIN_MS);
    }

    proxy.resume();
    // The connections broken meanwhile are dropped, not handed out again: the same process recovers.
    const deadline = Date.now() + 15000;
    let ready = await timed('/readyz');
    while (ready.response.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      ready = await timed('/readyz');
    }
    expect(ready.response.status, ready.body).to.equal(200);
    for (let i = 0; i < 6; i++) expect((await me()).response.status).to.equal(200);
  });
});

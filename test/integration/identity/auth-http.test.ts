import { expect } from 'chai';
import { suiteApp, suiteUser } from '../../support/http-suite.ts';
import { json } from '../../support/json.ts';
import { signUp, startTestApp, type TestApp } from '../../support/test-app.ts';
import { totpCode } from '../../support/totp.ts';

const jsonPost = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('auth over HTTP (PostgreSQL)', () => {
  const app = suiteApp();
  const ada = suiteUser(app);

  const me = (headers: Record<string, string>) => app.request('/api/auth/me', { headers });
  const refresh = (token: string, headers: Record<string, string> = {}) =>
    app.request('/api/auth/refresh', jsonPost({ refresh_token: token }, headers));

  it('logs in with the CONTRACT shape, no-store, and the token works on /api/auth/me', async () => {
    const response = await app.request(
      '/api/auth/login',
      jsonPost({ username_or_email: ada.email.toUpperCase(), password: ada.password }),
    );
    expect(response.status).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    const body = await json(response);
    expect(Object.keys(body).sort()).to.deep.equal([
      'access_token',
      'expires_in',
      'refresh_expires_in',
      'refresh_token',
      'token_type',
    ]);
    expect(body).to.include({ token_type: 'Bearer', expires_in: 900 });
    expect(body.refresh_expires_in).to.be.greaterThan(900);
    const profile = await json(await me({ authorization: `Bearer ${body.access_token}` }));
    expect(profile).to.include({ id: ada.userId, username: ada.username, email: ada.email });
    expect(profile.workspaces).to.have.length(1);
    expect(profile.workspaces[0].role).to.equal('owner');
    expect(profile).not.to.have.property('password_hash');
  });

  it('accepts the scheme name in any case', async () => {
    expect((await me({ authorization: `bEaReR ${ada.accessToken}` })).status).to.equal(200);
  });

  it('answers missing and malformed credentials with 401 and a Bearer challenge', async () => {
    const missing = await me({});
    expect(missing.status).to.equal(401);
    expect(missing.headers.get('www-authenticate')).to.match(/^Bearer/);
    expect((await json(missing)).code).to.equal('unauthorized');
    for (const header of [
      'Bearer',
      'Bearer ',
      'Basic abc',
      `Bearer ${ada.accessToken} extra`,
      'Bearer a.b.c',
    ]) {
      const response = await me({ authorization: header });
      expect(response.status, header).to.equal(401);
    }
    const garbage = await me({ authorization: 'Bearer not-a-token' });
    expect(garbage.headers.get('www-authenticate')).to.include('error="invalid_token"');
  });

  it('rejects a browser-style session cookie alone on a protected route', async () => {
    const response = await me({ cookie: `sid=${ada.accessToken}; session=${ada.refreshToken}` });
    expect(response.status).to.equal(401);
  });

  it('answers the login failures byte-identically, an account with two-factor login included', async () => {
    const other = await signUp(app);
    await app.container.cradle.disableUser(other.username);
    const guarded = await signUp(app);
    const me = await app.container.cradle.authenticate(guarded.accessToken);
    const { otpauthUri } = await app.container.cradle.startTotpEnrolment(me);
    await app.container.cradle.confirmTotpEnrolment(me, {
      code: totpCode(otpauthUri, new Date()),
      ip: '::1',
    });
    const bodies: string[] = [];
    const headerSets: string[] = [];
    for (const attempt of [
      { username_or_email: 'nobody-at-all', password: ada.password },
      { username_or_email: ada.username, password: 'wrong password!' },
      { username_or_email: other.username, password: other.password },
      { username_or_email: guarded.username, password: 'wrong password!' },
    ]) {
      const response = await app.request('/api/auth/login', jsonPost(attempt));
      expect(response.status).to.equal(401);
      bodies.push(await response.text());
      // Date, request id and the remaining API quota change with every request, whatever its outcome.
      const headers = [...response.headers].filter(
        ([name]) => !['date', 'x-request-id', 'ratelimit'].includes(name),
      );
      headerSets.push(JSON.stringify(headers));
    }
    expect(new Set(bodies).size).to.equal(1);
    expect(new Set(headerSets).size).to.equal(1);
    expect(JSON.parse(bodies[0] ?? '{}').code).to.equal('invalid_credentials');
  });

  it('answers a 1 MB password fast and without hashing', async () => {
    const started = performance.now();
    const response = await app.request(
      '/api/auth/login',
      jsonPost({ username_or_email: ada.username, password: 'x'.repeat(1 << 20) }),
    );
    expect(response.status).to.equal(413);
    const alsoLong = await app.request(
      '/api/auth/login',
      jsonPost({ username_or_email: ada.username, password: 'é'.repeat(1000) }),
    );
    expect(alsoLong.status).to.equal(400);
    expect(performance.now() - started).to.be.lessThan(2000);
  });

  it('rotates refresh tokens; 20 parallel refreshes of one token all get the same successor', async () => {
    const user = await signUp(app);
    const results = await Promise.all(Array.from({ length: 20 }, () => refresh(user.refreshToken)));
    expect(results.map((r) => r.status)).to.deep.equal(Array(20).fill(200));
    const bodies = await Promise.all(results.map((r) => json(r)));
    expect(new Set(bodies.map((b) => b.refresh_token)).size).to.equal(1);
    const next = await refresh(bodies[0].refresh_token);
    expect(next.status).to.equal(200);
    expect((await me({ authorization: `Bearer ${(await json(next)).access_token}` })).status).to.equal(200);
  });

  it('a stale refresh token replay revokes the session, newest tokens included', async () => {
    const user = await signUp(app);
    const second = await json(await refresh(user.refreshToken));
    const third = await json(await refresh(second.refresh_token));
    const replay = await refresh(user.refreshToken);
    expect(replay.status).to.equal(401);
    expect((await refresh(third.refresh_token)).status).to.equal(401);
    expect((await me({ authorization: `Bearer ${third.access_token}` })).status).to.equal(401);
  });

  it('rejects an access token at the refresh endpoint and a refresh token as a bearer', async () => {
    expect((await refresh(ada.accessToken)).status).to.equal(401);
    expect((await me({ authorization: `Bearer ${ada.refreshToken}` })).status).to.equal(401);
  });

  it('logout ends the session: its access and refresh tokens stop working at once', async () => {
    const user = await signUp(app);
    const out = await app.request('/api/auth/logout', { method: 'POST', headers: user.auth });
    expect(out.status).to.equal(204);
    expect((await me(user.auth)).status).to.equal(401);
    expect((await refresh(user.refreshToken)).status).to.equal(401);
  });

  it('disabling a user rejects their access token on the next request', async () => {
    const user = await signUp(app);
    expect((await me(user.auth)).status).to.equal(200);
    await app.container.cradle.disableUser(user.email);
    expect((await me(user.auth)).status).to.equal(401);
  });

  it('a session that outlived a change of its user (a raced disable, re-enabled since) stops working', async () => {
    const user = await signUp(app);
    const { users } = app.container.cradle;
    // The user's state changes without the session being revoked: what a login racing a disable leaves.
    await users.setDisabled(user.userId, true);
    await users.setDisabled(user.userId, false);
    const check = await me(user.auth);
    expect(check.status).to.equal(401);
    expect((await json(check)).code).to.equal('invalid_token');
    expect((await refresh(user.refreshToken)).status).to.equal(401);
  });

  it('lists sessions, revokes one, and hides other users sessions behind 404', async () => {
    const user = await signUp(app);
    const second = await app.request(
      '/api/auth/login',
      jsonPost(
        { username_or_email: user.username, password: user.password },
        { 'user-agent': 'second-device' },
      ),
    );
    const secondTokens = await json(second);
    const list = await json(await app.request('/api/auth/sessions', { headers: user.auth }));
    expect(list.items).to.have.length(2);
    expect(list.next_cursor).to.equal(null);
    const other = list.items.find((s: { current: boolean }) => !s.current);
    expect(other.user_agent).to.equal('second-device');
    const stranger = await signUp(app);
    const foreign = await app.request(`/api/auth/sessions/${other.id}`, {
      method: 'DELETE',
      headers: stranger.auth,
    });
    expect(foreign.status).to.equal(404);
    const mine = await app.request(`/api/auth/sessions/${other.id}`, {
      method: 'DELETE',
      headers: user.auth,
    });
    expect(mine.status).to.equal(204);
    expect((await me({ authorization: `Bearer ${secondTokens.access_token}` })).status).to.equal(401);
    const all = await json(
      await app.request('/api/auth/sessions/revoke-all', { method: 'POST', headers: user.auth }),
    );
    expect(all.revoked).to.equal(1);
    expect((await me(user.auth)).status).to.equal(401);
  });

  it('publishes the JWKS with cache headers and without private members', async () => {
    const response = await app.request('/api/auth/jwks.json');
    expect(response.status).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('public, max-age=600');
    const { keys } = await json(response);
    expect(keys.length).to.be.greaterThan(0);
    for (const key of keys) expect(key).not.to.have.property('d');
  });
});

describe('auth throttling over HTTP', () => {
  const app = suiteApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_STORE: 'memory' });

  it('answers 429 with Retry-After once the address bucket is spent, and a forged X-Forwarded-For does not help', async () => {
    const attempt = (xff?: string) =>
      app.request(
        '/api/auth/login',
        jsonPost(
          { username_or_email: 'nobody', password: 'irrelevant pw' },
          xff ? { 'x-forwarded-for': xff } : {},
        ),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await attempt(`198.51.100.${i}`)).status);
    expect(statuses).to.deep.equal([401, 401, 401]);
    const limited = await attempt('203.0.113.77');
    expect(limited.status).to.equal(429);
    expect(Number(limited.headers.get('retry-after'))).to.be.greaterThan(0);
    expect((await json(limited)).code).to.equal('rate_limited');
  });
});

describe('login back-off over HTTP: one budget per account, and no lock-out of its owner', () => {
  let app: TestApp;
  before(async () => {
    // Behind a trusted proxy, X-Forwarded-For names the client: attacker and owner come from different places.
    app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1', RATE_LIMIT_STORE: 'memory' });
  });
  after(() => app.close());

  const login = (usernameOrEmail: string, password: string, from: string) =>
    app.request(
      '/api/auth/login',
      jsonPost({ username_or_email: usernameOrEmail, password }, { 'x-forwarded-for': from }),
    );

  it('counts failures typed as the username and as the e-mail against one budget', async () => {
    const user = await signUp(app);
    for (let failure = 0; failure < 5; failure++) {
      expect((await login(user.username, 'a wrong password', '198.51.100.20')).status).to.equal(401);
    }
    expect((await login(user.email.toUpperCase(), 'a wrong password', '198.51.100.20')).status).to.equal(429);
  });

  it("slows whoever guesses an account's password, and still lets its owner in from elsewhere", async () => {
    const user = await signUp(app);
    for (let failure = 0; failure < 6; failure++)
      await login(user.username, 'a wrong password', '203.0.113.50');
    expect((await login(user.username, 'a wrong password', '203.0.113.50')).status).to.equal(429);
    const owner = await login(user.username, user.password, '192.0.2.10');
    expect(owner.status).to.equal(200);
  });
});

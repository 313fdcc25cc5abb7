import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { csrfTokenIn, FormClient } from '../../support/form-client.ts';
import { suiteApp, suiteUser } from '../../support/http-suite.ts';
import { json } from '../../support/json.ts';
import { type SignedUp, signUp, startTestApp } from '../../support/test-app.ts';
import { testDatabase } from '../../support/test-database.ts';

const WRONG_CREDENTIALS = 'The username or e-mail and password do not match.';

describe('browser surface over HTTP (PostgreSQL)', () => {
  const app = suiteApp();
  const ada = suiteUser(app);

  const sessionOf = async (client: FormClient) => json(await client.get('/api/auth/session'));

  async function signedIn(user: SignedUp = ada): Promise<FormClient> {
    const client = new FormClient(app);
    const response = await client.signIn(user.username, user.password);
    expect(response.status, await response.clone().text()).to.equal(303);
    return client;
  }

  describe('sign-in form', () => {
    it('serves the form with a strict CSP, no framing, a referrer policy and a login CSRF cookie', async () => {
      const client = new FormClient(app);
      const response = await client.get('/login');
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('text/html; charset=utf-8');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).to.include("default-src 'none'").and.include("frame-ancestors 'none'");
      expect(csp).not.to.match(/unsafe-inline|unsafe-eval|script-src/);
      expect(response.headers.get('x-frame-options')).to.equal('DENY');
      expect(response.headers.get('referrer-policy')).to.equal('same-origin');
      expect(response.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(response.headers.get('cache-control')).to.equal('no-store');
      const [cookie] = response.headers.getSetCookie();
      expect(cookie).to.match(/^login=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
      expect(csrfTokenIn(await response.text())).to.equal(client.cookies.get('login'));
    });

    it('signs in with a username or an e-mail: 303 to /, an opaque HttpOnly SameSite=Lax cookie', async () => {
      for (const login of [ada.username, ada.email.toUpperCase()]) {
        const client = new FormClient(app);
        const response = await client.signIn(login, ada.password);
        expect(response.status).to.equal(303);
        expect(response.headers.get('location')).to.equal('/');
        const session = response.headers.getSetCookie().find((c) => c.startsWith('session='));
        expect(session).to.match(
          /^session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax$/,
        );
        const home = await client.get('/');
        expect(home.status).to.equal(200);
        const page = await home.text();
        expect(page)
          .to.include(ada.username)
          .and.include(ada.email)
          .and.include(`${ada.username}&#39;s workspace`);
      }
    });

    it('stores only a hash of the cookie token', async () => {
      const client = await signedIn();
      const token = client.cookies.get('session') ?? '';
      const rows = await (await testDatabase()).db.query<{ token_hash: string }>(
        'select token_hash, csrf_token from browser_sessions',
      );
      expect(rows.length).to.be.greaterThan(0);
      for (const row of rows) expect(row.token_hash).not.to.equal(token);
    });

    it('answers unknown user, wrong password and disabled account alike (422, one message)', async () => {
      const disabled = await signUp(app);
      await app.container.cradle.disableUser(disabled.username);
      const attempts = [
        [ada.username, 'not the password'],
        [`nobody-${randomBytes(4).toString('hex')}`, ada.password],
        [disabled.username, disabled.password],
      ];
      for (const [login = '', password = ''] of attempts) {
        const client = new FormClient(app);
        const response = await client.signIn(login, password);
        expect(response.status).to.equal(422);
        expect(response.headers.getSetCookie().some((c) => c.startsWith('session='))).to.equal(false);
        const page = await response.text();
        expect(page).to.include(WRONG_CREDENTIALS);
        expect(page).to.include(`value="${login}"`);
        expect(await sessionOf(client)).to.equal(null);
      }
    });

    it('escapes what it echoes into the page', async () => {
      const client = new FormClient(app);
      const response = await client.signIn('"><script>alert(1)</script>', 'whatever pw');
      const page = await response.text();
      expect(page).not.to.include('<script>');
      expect(page).to.include('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    });

    it('shows only its own notices, never the query text', async () => {
      const known = await (await new FormClient(app).get('/login?notice=signed-out')).text();
      expect(known).to.include('You are signed out.');
      for (const notice of ['constructor', '__proto__', 'toString', '<b>hi</b>']) {
        const page = await (
          await new FormClient(app).get(`/login?notice=${encodeURIComponent(notice)}`)
        ).text();
        expect(page, notice).not.to.include('role="status"');
      }
    });

    it('redirects / to /login when signed out, and /login to / when signed in', async () => {
      const anonymous = await new FormClient(app).get('/');
      expect(anonymous.status).to.equal(303);
      expect(anonymous.headers.get('location')).to.equal('/login');
      const client = await signedIn();
      expect((await client.get('/login')).headers.get('location')).to.equal('/');
    });
  });

  describe('CSRF and origin checks', () => {
    it('refuses a sign-in without the form token, or with another one (403, no session)', async () => {
      const client = new FormClient(app);
      await client.get('/login');
      const fields = { username_or_email: ada.username, password: ada.password };
      for (const extra of [{}, { _csrf: randomBytes(32).toString('base64url') }] as Record<
        string,
        string
      >[]) {
        const response = await client.post('/login', { ...fields, ...extra });
        expect(response.status).to.equal(403);
        expect(await response.text()).to.include('Not allowed');
        expect(client.cookies.has('session')).to.equal(false);
      }
      const noCookie = new FormClient(app);
      const form = await new FormClient(app).get('/login');
      const stolenToken = csrfTokenIn(await form.text());
      expect((await noCookie.post('/login', { ...fields, _csrf: stolenToken })).status).to.equal(403);
    });

    it('refuses sign-out with a missing or wrong CSRF token, and the session stays', async () => {
      const client = await signedIn();
      const attempts: Record<string, string>[] = [
        {},
        { _csrf: 'wrong' },
        { _csrf: randomBytes(32).toString('base64url') },
      ];
      for (const fields of attempts) {
        const response = await client.post('/logout', fields);
        expect(response.status).to.equal(403);
        expect(response.headers.get('content-type')).to.match(/^text\/html/);
      }
      expect(await sessionOf(client)).not.to.equal(null);
    });

    it("refuses another session's CSRF token", async () => {
      const mine = await signedIn();
      const other = await signedIn();
      const response = await mine.post('/logout', { _csrf: await other.csrfToken() });
      expect(response.status).to.equal(403);
      expect(await sessionOf(mine)).not.to.equal(null);
    });

    it('refuses a POST from a foreign Origin, or with neither Origin nor Referer, even with the right token', async () => {
      const client = await signedIn();
      const _csrf = await client.csrfToken();
      const cases: { origin?: string | null; headers?: Record<string, string> }[] = [
        { origin: 'http://evil.example' },
        { origin: 'null' },
        { origin: app.baseUrl.replace('127.0.0.1', 'localhost') },
        { origin: null },
        { origin: null, headers: { referer: 'http://evil.example/login' } },
      ];
      for (const options of cases) {
        const response = await client.post('/logout', { _csrf }, options);
        expect(response.status, JSON.stringify(options)).to.equal(403);
      }
      const signIn = new FormClient(app);
      const form = await signIn.get('/login');
      const login = {
        _csrf: csrfTokenIn(await form.text()),
        username_or_email: ada.username,
        password: ada.password,
      };
      expect((await signIn.post('/login', login, { origin: 'http://evil.example' })).status).to.equal(403);
      expect(await sessionOf(client)).not.to.equal(null);
      // A browser that sends only a same-origin Referer is accepted.
      const viaReferer = await client.post(
        '/logout',
        { _csrf },
        { origin: null, headers: { referer: `${app.baseUrl}/` } },
      );
      expect(viaReferer.status).to.equal(303);
    });

    it('refuses a password change with a wrong token, and the password stays', async () => {
      const user = await signUp(app);
      const client = await signedIn(user);
      const response = await client.post('/account/password', {
        _csrf: 'forged',
        current_password: user.password,
        new_password: 'a brand new password',
        confirm_password: 'a brand new password',
      });
      expect(response.status).to.equal(403);
      expect((await new FormClient(app).signIn(user.username, user.password)).status).to.equal(303);
    });
  });

  describe('session lifecycle', () => {
    it('issues a new session id at sign-in, never adopting a planted one (session fixation)', async () => {
      const planted = randomBytes(32).toString('base64url');
      const client = new FormClient(app);
      client.cookies.set('session', planted);
      await client.signIn(ada.username, ada.password);
      const issued = client.cookies.get('session');
      expect(issued).to.be.a('string').and.not.equal(planted);
      expect(await sessionOf(client)).not.to.equal(null);

      // Signing in again from a signed-in browser (a second tab's form) replaces its session.
      await client.post('/login', {
        _csrf: client.cookies.get('login') ?? '',
        username_or_email: ada.username,
        password: ada.password,
      });
      const reissued = client.cookies.get('session');
      expect(reissued).not.to.equal(issued);
      const replay = new FormClient(app);
      replay.cookies.set('session', issued ?? '');
      expect(await sessionOf(replay)).to.equal(null);
    });

    it('deletes the session on sign-out: replaying the old cookie fails', async () => {
      const client = await signedIn();
      const cookie = client.cookies.get('session') ?? '';
      const response = await client.post('/logout', { _csrf: await client.csrfToken() });
      expect(response.status).to.equal(303);
      expect(response.headers.get('location')).to.equal('/login?notice=signed-out');
      expect(response.headers.getSetCookie()).to.include(
        'session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
      );
      const replay = new FormClient(app);
      replay.cookies.set('session', cookie);
      expect(await sessionOf(replay)).to.equal(null);
      const home = await replay.get('/');
      expect(home.status).to.equal(303);
      expect(home.headers.get('location')).to.equal('/login');
      const rows = await (await testDatabase()).db.query<{ n: number }>(
        'select count(*)::int as n from browser_sessions where token_hash = $1',
        [app.container.cradle.sessionTokens.hash(cookie)],
      );
      expect(rows[0]?.n).to.equal(0);
    });

    it('lists API and browser sessions on the home page and revokes them', async () => {
      const user = await signUp(app);
      const client = await signedIn(user);
      const other = await signedIn(user);
      const page = await (await client.get('/')).text();
      expect(page).to.include('this browser');
      const revokeForms = [
        ...page.matchAll(/name="kind" value="(\w+)">\s*<input type="hidden" name="id" value="([^"]+)"/g),
      ];
      expect(revokeForms.map((m) => m[1]).sort()).to.deep.equal(['api', 'browser']);
      const _csrf = csrfTokenIn(page);
      for (const [, kind = '', id = ''] of revokeForms) {
        const response = await client.post('/sessions/revoke', { _csrf, kind, id });
        expect(response.status).to.equal(303);
        expect(response.headers.get('location')).to.equal('/?notice=session-revoked');
      }
      expect((await app.request('/api/auth/me', { headers: user.auth })).status).to.equal(401);
      expect(await sessionOf(other)).to.equal(null);
      expect(await sessionOf(client)).not.to.equal(null);
      // Another user's session is "already ended", never revoked.
      const stranger = await signedIn(await signUp(app));
      const strangerId = (await app.container.cradle.browserSessions.listForUser(ada.userId, new Date()))[0]
        ?.id;
      const response = await stranger.post('/sessions/revoke', {
        _csrf: await stranger.csrfToken(),
        kind: 'browser',
        id: strangerId ?? '',
      });
      expect(response.headers.get('location')).to.equal('/?notice=session-gone');
    });

    it('changes the password: other sessions end, this browser stays signed in', async () => {
      const user = await signUp(app);
      const client = await signedIn(user);
      const other = await signedIn(user);
      const _csrf = await client.csrfToken();
      const change = (current_password: string, new_password: string, confirm_password = new_password) =>
        client.post('/account/password', { _csrf, current_password, new_password, confirm_password });

      const wrong = await change('nope', 'fresh password 1');
      expect(wrong.status).to.equal(400);
      expect(await wrong.text()).to.include('The current password is not correct.');
      const mismatch = await change(user.password, 'fresh password 1', 'other');
      expect(mismatch.status).to.equal(400);
      const common = await change(user.password, 'password1');
      expect(await common.text()).to.include('too common');

      const done = await change(user.password, 'fresh password 1');
      expect(done.status).to.equal(303);
      expect(done.headers.get('location')).to.equal('/account/password?notice=password-changed');
      expect(await sessionOf(client)).not.to.equal(null);
      expect(await sessionOf(other)).to.equal(null);
      expect((await app.request('/api/auth/me', { headers: user.auth })).status).to.equal(401);
      expect((await new FormClient(app).signIn(user.username, user.password)).status).to.equal(422);
      expect((await new FormClient(app).signIn(user.username, 'fresh password 1')).status).to.equal(303);
    });

    it('escapes user data on the home page', async () => {
      const name = `x${randomBytes(4).toString('hex')}`;
      const password = 'a fine long password';
      await app.container.cradle.registerUser({
        username: name,
        email: `${name}@example.com`,
        displayName: '<img src=x onerror=alert(1)>',
        password,
      });
      const client = new FormClient(app);
      await client.signIn(name, password);
      const page = await (await client.get('/')).text();
      expect(page).not.to.include('<img');
      expect(page).to.include('&lt;img src=x onerror=alert(1)&gt;');
    });
  });

  describe('GET /api/auth/session and the cookie boundary', () => {
    it('answers null without a cookie, after an API-only login, and with a bearer token', async () => {
      const anonymous = await app.request('/api/auth/session');
      expect(anonymous.status).to.equal(200);
      expect(anonymous.headers.get('content-type')).to.match(/^application\/json/);
      expect(await anonymous.text()).to.equal('null');
      const bearer = await app.request('/api/auth/session', { headers: ada.auth });
      expect(await json(bearer)).to.equal(null);
    });

    it('answers the user and the expiry after a browser sign-in', async () => {
      const client = await signedIn();
      const response = await client.get('/api/auth/session');
      expect(response.status).to.equal(200);
      expect(response.headers.get('cache-control')).to.equal('no-store');
      const body = await json(response);
      expect(body.user).to.deep.equal({
        id: ada.userId,
        username: ada.username,
        email: ada.email,
        display_name: ada.username,
      });
      const expires = Date.parse(body.expires_at);
      expect(expires - Date.now()).to.be.within(8 * 3600 * 1000 - 60_000, 8 * 3600 * 1000 + 1000);
    });

    it('answers 401 to the cookie alone on /api/auth/me', async () => {
      const client = await signedIn();
      const response = await client.get('/api/auth/me');
      expect(response.status).to.equal(401);
      expect(response.headers.get('www-authenticate')).to.equal('Bearer realm="api"');
      expect((await json(response)).code).to.equal('unauthorized');
    });

    it('answers 401 to the cookie alone on every protected /api route', async () => {
      const client = await signedIn();
      const protectedRoutes = app.container.cradle.routes.filter((route) => route.security === 'bearer');
      expect(protectedRoutes.length).to.be.greaterThan(3);
      for (const route of protectedRoutes) {
        const path = route.path.replace(/\{\w+\}/g, () => crypto.randomUUID());
        const hasBody = route.body !== undefined;
        const response = await app.request(path, {
          method: route.method,
          headers: {
            cookie: client.cookieHeader(),
            origin: app.baseUrl,
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { body: '{}' } : {}),
        });
        expect(response.status, `${route.method} ${route.path}`).to.equal(401);
        expect(response.headers.get('www-authenticate'), route.path).to.match(/^Bearer/);
      }
    });

    it('publishes /api/auth/session with its null answer as not an authentication endpoint', async () => {
      const document = await json(await app.request('/api/v2/openapi.json'));
      const operation = document.paths['/api/auth/session'].get;
      expect(JSON.stringify(operation.security)).not.to.include('bearerAuth');
      expect(operation.description).to.include('not an API authentication endpoint');
      const schema = operation.responses['200'].content['application/json'].schema;
      expect(schema.oneOf).to.deep.include({ type: 'null' });
    });
  });

  describe('pages and the API side by side', () => {
    it('answers unknown pages with an HTML 404 and a wrong method with 405, leaving /api/* to problem+json', async () => {
      const page = await app.request('/no-such-page');
      expect(page.status).to.equal(404);
      expect(page.headers.get('content-type')).to.match(/^text\/html/);
      expect(page.headers.get('content-security-policy')).to.include("default-src 'none'");
      const method = await app.request('/login', { method: 'DELETE' });
      expect(method.status).to.equal(405);
      expect(method.headers.get('allow')).to.include('POST');
      const api = await app.request('/api/no-such-route');
      expect(api.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect((await app.request('/healthz')).headers.get('content-type')).to.match(/^application\/json/);
      expect((await app.request('/docs')).headers.get('content-type')).to.match(
        /^application\/problem\+json/,
      );
    });

    it('refuses a form post that is not urlencoded (415 page)', async () => {
      const response = await app.request('/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.baseUrl },
        body: '{}',
      });
      expect(response.status).to.equal(415);
      expect(response.headers.get('content-type')).to.match(/^text\/html/);
    });

    it('serves the stylesheet allowed by the CSP', async () => {
      const response = await app.request('/assets/web.css');
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('text/css; charset=utf-8');
    });
  });
});

describe('browser surface: throttling and secure cookies', () => {
  it('shows a throttling message (429, Retry-After) once sign-ins are throttled', async () => {
    const app = await startTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_STORE: 'memory' });
    try {
      const client = new FormClient(app);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await client.signIn('nobody', 'irrelevant pw')).status);
      expect(statuses).to.deep.equal([422, 422, 422]);
      const limited = await client.signIn('nobody', 'irrelevant pw');
      expect(limited.status).to.equal(429);
      expect(Number(limited.headers.get('retry-after'))).to.be.greaterThan(0);
      expect(await limited.text()).to.match(/Too many sign-in attempts\. Try again in \d+ seconds\./);
    } finally {
      await app.close();
    }
  });

  it('marks cookies Secure with the __Host- prefix when COOKIE_SECURE=true, and sends HSTS', async () => {
    const app = await startTestApp({ COOKIE_SECURE: 'true' });
    try {
      const user = await signUp(app);
      const form = await app.request('/login');
      const [loginCookie = ''] = form.headers.getSetCookie();
      expect(loginCookie).to.match(/^__Host-login=[^;]+; Path=\/; .*; Secure$/);
      expect(form.headers.get('strict-transport-security')).to.equal('max-age=31536000');
      const token = csrfTokenIn(await form.text());
      const response = await app.request('/login', {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: app.baseUrl,
          cookie: loginCookie.split(';')[0] ?? '',
        },
        body: new URLSearchParams({
          _csrf: token,
          username_or_email: user.username,
          password: user.password,
        }).toString(),
      });
      expect(response.status).to.equal(303);
      const session = response.headers.getSetCookie().find((c) => c.startsWith('__Host-session='));
      expect(session).to.match(/; HttpOnly; SameSite=Lax; Secure$/);
      const cookie = session?.split(';')[0] ?? '';
      expect(await json(await app.request('/api/auth/session', { headers: { cookie } }))).not.to.equal(null);
      // The unprefixed name means nothing in secure mode.
      const plain = cookie.replace('__Host-session', 'session');
      expect(await json(await app.request('/api/auth/session', { headers: { cookie: plain } }))).to.equal(
        null,
      );
    } finally {
      await app.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { pino } from 'pino';
import { startFakeGitHub } from '../../support/fake-github.ts';
import { startTestApp, type TestApp } from '../../support/test-app.ts';

/** The run's test database is shared by every file: this file's names carry a tag. */
const TAG = randomUUID().slice(0, 6);
const CLIENT = { id: 'gh-http-client', secret: 'gh-http-secret-that-must-never-be-logged' };

/** `name=value` of the cookie `name` among the response's Set-Cookie headers, with its attributes. */
function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}
const pairOf = (cookie: string | undefined) => cookie?.slice(0, cookie.indexOf(';'));

describe('single sign-on over HTTP: the redirects, cookies and pages (GitHub preset on loopback)', () => {
  const logLines: string[] = [];
  let github: Awaited<ReturnType<typeof startFakeGitHub>>;
  let app: TestApp;

  before(async () => {
    github = await startFakeGitHub(CLIENT.id, CLIENT.secret);
    const providers = [
      {
        id: 'github',
        preset: 'github',
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        web_url: github.url,
        api_url: github.url,
      },
      // Nothing listens on port 9 of loopback (discard): the provider is down.
      { id: 'down', issuer: 'http://127.0.0.1:9', client_id: 'c', client_secret: 'down-secret-never-logged' },
    ];
    // Every level, no redaction: the test is that no code path hands a secret to the logger at all.
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await startTestApp(
      { OIDC_PROVIDERS: JSON.stringify(providers), SIGNUP_ENABLED: 'true' },
      { logger: pino({ level: 'trace' }, sink) },
    );
  });
  after(async () => {
    await app?.close();
    await github?.close();
  });

  it('goes to GitHub with PKCE S256 and state (no nonce), back with a session, the pending cookie cleared', async () => {
    github.state.signedIn = {
      id: 42,
      login: `Hubot-${TAG}`,
      name: 'Hubot',
      emails: [{ email: `hubot.${TAG}@example.com`, primary: true, verified: true }],
    };
    const start = await app.request('/auth/sso/github', { redirect: 'manual' });
    expect(start.status).to.equal(303);
    const pending = setCookie(start, 'sso');
    expect(pending).to.match(/^sso=[^;]+; Path=\/; Max-Age=600; HttpOnly; SameSite=Lax$/);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(`${authorize.origin}${authorize.pathname}`).to.equal(`${github.url}/login/oauth/authorize`);
    const query = Object.fromEntries(authorize.searchParams);
    expect(query).to.include({
      response_type: 'code',
      client_id: CLIENT.id,
      redirect_uri: `${app.baseUrl}/auth/sso/github/callback`,
      scope: 'read:user user:email',
      code_challenge_method: 'S256',
    });
    expect(query.state).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(query).not.to.have.property('nonce');
    expect(query).not.to.have.property('client_secret');

    const atGitHub = await fetch(authorize, { redirect: 'manual' });
    const callback = atGitHub.headers.get('location') ?? '';
    const back = await fetch(callback, { redirect: 'manual', headers: { cookie: pairOf(pending) ?? '' } });
    expect(back.status).to.equal(303);
    expect(back.headers.get('location')).to.equal('/');
    expect(setCookie(back, 'sso')).to.match(/^sso=; Path=\/; Max-Age=0;/);
    const session = pairOf(setCookie(back, 'session')) ?? '';
    const who = (await (await app.request('/api/auth/session', { headers: { cookie: session } })).json()) as {
      user: Record<string, string>;
    };
    expect(who.user).to.include({ username: `hubot-${TAG}`, email: `hubot.${TAG}@example.com` });

    const again = await fetch(callback, { redirect: 'manual' });
    expect(again.status, 'the same callback with no pending sign-in').to.equal(400);
    expect(again.headers.get('content-type')).to.match(/^text\/html/);
  });

  it('answers 404 for a provider that is not configured, 503 with Retry-After for one that is down', async () => {
    const unknown = await app.request('/auth/sso/nobody', { redirect: 'manual' });
    expect(unknown.status).to.equal(404);
    expect(setCookie(unknown, 'sso')).to.equal(undefined);
    const down = await app.request('/auth/sso/down', { redirect: 'manual' });
    expect(down.status).to.equal(503);
    expect(down.headers.get('retry-after')).to.equal('5');
    expect(await down.text()).to.include('cannot be reached');
  });

  it('never logs a client secret, an access token or a code', () => {
    const logs = logLines.join('\n');
    expect(logs.length).to.be.greaterThan(0);
    expect(logs).not.to.include(CLIENT.secret);
    expect(logs).not.to.include('down-secret-never-logged');
    expect(logs).not.to.include('gho_');
    expect(logs).not.to.include('code=');
  });
});

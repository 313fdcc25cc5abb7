import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { BrowserContext, Cookie, Page } from 'playwright-core';
import { launchChromium, type TestChromium } from '../support/chromium.ts';
import { type GitHubAccount, startFakeGitHub } from '../support/fake-github.ts';
import { inboxOf } from '../support/inbox.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { startTestOidcProvider, type TestOidcProvider } from '../support/test-oidc-provider.ts';

/** The run's test database is shared by every file: names and addresses of this file carry a tag. */
const TAG = randomUUID().slice(0, 6);
const GITHUB_CLIENT = { id: 'gh-client-id', secret: 'gh-client-secret-never-logged' };

describe('single sign-on in a real browser (oidc-provider and a GitHub OAuth server on loopback)', function () {
  this.timeout(120_000);
  let idp: TestOidcProvider;
  let github: Awaited<ReturnType<typeof startFakeGitHub>>;
  let app: TestApp;
  let browser: TestChromium | undefined;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    idp = await startTestOidcProvider();
    github = await startFakeGitHub(GITHUB_CLIENT.id, GITHUB_CLIENT.secret);
    const providers = [
      {
        id: 'corp',
        name: 'Corp SSO',
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        signup: true,
      },
      {
        id: 'github',
        preset: 'github',
        client_id: GITHUB_CLIENT.id,
        client_secret: GITHUB_CLIENT.secret,
        web_url: github.url,
        api_url: github.url,
        signup: true,
      },
    ];
    app = await startTestApp({ OIDC_PROVIDERS: JSON.stringify(providers) });
    idp.serve([`${app.baseUrl}/auth/sso/corp/callback`]);
    browser = await launchChromium('sso');
    ({ context, page } = browser);
    page.on('response', (response) => {
      if (response.url().includes('/auth/sso/') && response.url().includes('/callback')) {
        callbackStatuses.push(response.status());
      }
    });
  });

  afterEach(async () => {
    await context.clearCookies();
  });

  after(async () => {
    await browser?.close();
    await app?.close();
    await idp?.close();
    await github?.close();
  });

  const cradle = () => app.container.cradle;
  const browserSession = async () =>
    (await context.request.get(`${app.baseUrl}/api/auth/session`)).json() as Promise<{
      user: { id: string; username: string; email: string; display_name: string };
    } | null>;
  const verifiedUser = async (username: string, email: string) => {
    const user = await cradle().registerUser({ username, email, password: 'a long enough password 1' });
    await cradle().users.markEmailVerified(user.id, user.email, new Date());
    return user;
  };

  /** On the provider's development pages: sign in as `login` and consent; back at the application. */
  async function approveAtCorp(login: string): Promise<void> {
    await page.locator('input[name=login]').fill(login);
    await page.locator('input[name=password]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.href.startsWith(app.baseUrl));
  }

  /** Clicks the provider's button on the sign-in page and signs in there as `login`. */
  async function signInAtCorp(login: string): Promise<void> {
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole('link', { name: 'Sign in with Corp SSO' }).click();
    await approveAtCorp(login);
  }

  /**
   * Starts a sign-in as the button does, but stops at the redirect (the browser keeps the pending cookie) and
   * returns the authorization request, for a test to tamper with before the browser goes there. (Playwright
   * cannot intercept a redirect's second hop, so the first is taken by the context's own request client.)
   */
  async function startAtCorp(): Promise<URL> {
    const started = await context.request.get(`${app.baseUrl}/auth/sso/corp`, { maxRedirects: 0 });
    expect(started.status()).to.equal(303);
    expect((await context.cookies()).map((c) => c.name)).to.include('sso');
    return new URL(started.headers().location ?? '');
  }

  /** The statuses of the callback's answers, as the browser received them. */
  const callbackStatuses: number[] = [];

  async function expectRefused(status: number, text: string): Promise<void> {
    expect(callbackStatuses.at(-1), 'the callback status').to.equal(status);
    expect(await page.getByRole('alert').textContent()).to.include(text);
    expect(await browserSession(), 'no browser session').to.equal(null);
    expect((await context.cookies()).map((c) => c.name)).not.to.include('session');
  }

  it('shows a button per configured provider on the sign-in page', async () => {
    await page.goto(`${app.baseUrl}/login`);
    expect(await page.getByRole('link', { name: 'Sign in with Corp SSO' }).count()).to.equal(1);
    expect(await page.getByRole('link', { name: 'Sign in with GitHub' }).count()).to.equal(1);
  });

  it('creates an account at a first sign-in with a verified address, then signs in by the link alone', async () => {
    idp.accounts.set('alice', {
      email: `Alice.${TAG}@Example.com`,
      email_verified: true,
      name: 'Alice Example',
    });
    const authorizations: URL[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${idp.issuer}/auth?`)) authorizations.push(new URL(request.url()));
    });
    await signInAtCorp('alice');
    expect(page.url()).to.equal(`${app.baseUrl}/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Hello, Alice Example');
    const first = await browserSession();
    expect(first?.user).to.include({ email: `alice.${TAG}@example.com`, username: `alice.${TAG}` });
    const query = authorizations[0]?.searchParams;
    expect(query?.get('code_challenge_method')).to.equal('S256');
    expect(query?.get('state')).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(query?.get('nonce')).to.match(/^[A-Za-z0-9_-]{43}$/);
    const user = await cradle().users.findById(first?.user.id ?? '');
    expect(user?.emailVerified, 'the provider verified the address').to.equal(true);
    const links = await cradle().linkedIdentities.listForUser(user?.id ?? '');
    expect(links.map((l) => [l.provider, l.subject])).to.deep.equal([['corp', 'alice']]);

    // The address changes at the provider: the (provider, subject) link still signs the same person in.
    await context.clearCookies();
    idp.accounts.set('alice', {
      email: 'alice@elsewhere.example',
      email_verified: true,
      name: 'Alice Example',
    });
    await signInAtCorp('alice');
    expect((await browserSession())?.user.id).to.equal(first?.user.id);
  });

  it('links an existing account whose address both sides verified, and tells its owner by e-mail', async () => {
    const grace = await verifiedUser(`grace-${TAG}`, `grace.${TAG}@example.com`);
    idp.accounts.set('g.hopper', { email: `grace.${TAG}@example.com`, email_verified: true });
    await signInAtCorp('g.hopper');
    expect((await browserSession())?.user.id).to.equal(grace.id);
    await cradle().emailDispatcher.drain();
    const notice = inboxOf(cradle())
      .to(`grace.${TAG}@example.com`)
      .find((e) => e.subject.includes('sign-in linked'));
    expect(notice?.text).to.include('Corp SSO');
  });

  it('refuses an unverified provider address: no link to the account that has it, no session', async () => {
    const ada = await verifiedUser(`ada-${TAG}`, `ada.${TAG}@example.com`);
    idp.accounts.set('mallory', { email: `ada.${TAG}@example.com`, email_verified: false });
    await signInAtCorp('mallory');
    await expectRefused(403, 'did not confirm a verified e-mail address');
    expect(await cradle().linkedIdentities.listForUser(ada.id)).to.deep.equal([]);
  });

  it('refuses to link an account whose own address is not verified here', async () => {
    const bob = await cradle().registerUser({
      username: `bob-${TAG}`,
      email: `bob.${TAG}@example.com`,
      password: 'a long enough password 2',
    });
    idp.accounts.set('bob', { email: `bob.${TAG}@example.com`, email_verified: true });
    await signInAtCorp('bob');
    await expectRefused(403, 'has not verified it');
    expect(await cradle().linkedIdentities.listForUser(bob.id)).to.deep.equal([]);
  });

  it('refuses an answer whose state was forged, before the code is exchanged', async () => {
    idp.accounts.set('victor', { email: `victor.${TAG}@example.com`, email_verified: true });
    const authorization = await startAtCorp();
    authorization.searchParams.set('state', 'a-state-the-attacker-chose');
    await page.goto(authorization.href);
    await approveAtCorp('victor');
    await expectRefused(400, 'state mismatch');
    expect(await cradle().users.findByLogin(`victor.${TAG}@example.com`)).to.equal(undefined);
  });

  it("refuses someone else's callback address (login CSRF), and one opened with no sign-in pending", async () => {
    idp.accounts.set('attacker', { email: `attacker.${TAG}@example.com`, email_verified: true });
    let stolen = '';
    const record = (request: { url(): string }) => {
      if (request.url().includes('/auth/sso/corp/callback')) stolen = request.url();
    };
    page.on('request', record);
    await signInAtCorp('attacker');
    page.off('request', record);
    expect(stolen).to.include('code=');
    await context.clearCookies();

    // The victim's browser, with a sign-in of its own pending, is made to open the attacker's address.
    await startAtCorp();
    await page.goto(stolen);
    await expectRefused(400, 'state mismatch');
    // Opened again: the pending sign-in was cleared by the first answer.
    await page.goto(stolen);
    await expectRefused(400, 'not started in this browser');
  });

  it('refuses a replayed code, even with the pending sign-in it was issued for', async () => {
    idp.accounts.set('carol', { email: `carol.${TAG}@example.com`, email_verified: true });
    const authorization = await startAtCorp();
    const pending = (await context.cookies()).find((c) => c.name === 'sso') as Cookie;
    let callback = '';
    const record = (request: { url(): string }) => {
      if (request.url().includes('/auth/sso/corp/callback')) callback = request.url();
    };
    page.on('request', record);
    await page.goto(authorization.href);
    await approveAtCorp('carol');
    page.off('request', record);
    expect(await browserSession()).not.to.equal(null);

    await context.clearCookies();
    await context.addCookies([pending]);
    await page.goto(callback);
    await expectRefused(400, 'did not accept the sign-in code');
  });

  it('refuses an ID token whose nonce is not the one this browser was given', async () => {
    idp.accounts.set('dave', { email: `dave.${TAG}@example.com`, email_verified: true });
    const authorization = await startAtCorp();
    authorization.searchParams.set('nonce', 'a-nonce-the-attacker-chose');
    await page.goto(authorization.href);
    await approveAtCorp('dave');
    await expectRefused(400, 'nonce mismatch');
    expect(await cradle().users.findByLogin(`dave.${TAG}@example.com`)).to.equal(undefined);
  });

  describe('GitHub (OAuth, not OpenID Connect)', () => {
    const octocat: GitHubAccount = {
      id: 583231,
      login: `octocat-${TAG}`,
      name: 'The Octocat',
      emails: [
        { email: 'octo@users.noreply.example', primary: false, verified: true },
        { email: `octocat.${TAG}@example.com`, primary: true, verified: true },
      ],
    };

    it('signs in with the verified primary address, creating the account, with PKCE and the secret in the body', async () => {
      github.state.signedIn = octocat;
      await page.goto(`${app.baseUrl}/login`);
      await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
      await page.waitForURL(`${app.baseUrl}/`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Hello, The Octocat');
      expect((await browserSession())?.user).to.include({
        username: `octocat-${TAG}`,
        email: `octocat.${TAG}@example.com`,
      });
      const exchange = github.state.tokenRequests.at(-1);
      expect(exchange?.get('code_verifier')).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(exchange?.get('client_secret')).to.equal(GITHUB_CLIENT.secret);
      const user = await cradle().users.findByLogin(`octocat-${TAG}`);
      const links = await cradle().linkedIdentities.listForUser(user?.id ?? '');
      expect(links.map((l) => [l.provider, l.subject])).to.deep.equal([['github', '583231']]);
    });

    it('does not link an existing account through an unverified primary address', async () => {
      const erin = await verifiedUser(`erin-${TAG}`, `erin.${TAG}@example.com`);
      github.state.signedIn = {
        id: 1001,
        login: 'not-erin',
        name: null,
        emails: [{ email: `erin.${TAG}@example.com`, primary: true, verified: false }],
      };
      await page.goto(`${app.baseUrl}/login`);
      await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
      await page.getByRole('alert').waitFor();
      await expectRefused(403, 'did not confirm a verified e-mail address');
      expect(await cradle().linkedIdentities.listForUser(erin.id)).to.deep.equal([]);
    });
  });
});

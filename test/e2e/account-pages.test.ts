import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { userPrincipal } from '../../src/domain/kernel/principal.ts';
import { launchChromium, type TestChromium } from '../support/chromium.ts';
import { inboxOf } from '../support/inbox.ts';
import { json } from '../support/json.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { totpCode } from '../support/totp.ts';

const GRACE = { username: 'grace.hopper', email: 'grace@example.com', password: 'compiler pioneer 1952' };

/** The link of the newest e-mail to `to` whose link goes to `path`, as the person would click it. */
function linkIn(app: TestApp, to: string, path: string): string {
  const email = inboxOf(app.container.cradle)
    .to(to)
    .findLast((e) => e.text.includes(`${path}?token=`));
  const link = email?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no e-mail to ${to} with a ${path} link`);
  return link;
}

describe('account e-mail pages in a real browser (Playwright + chromium)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let browser: TestChromium | undefined;
  let page: Page;
  const consoleErrors: string[] = [];

  before(async () => {
    app = await startTestApp();
    await app.container.cradle.registerUser(GRACE);
    await app.container.cradle.emailDispatcher.drain();
    browser = await launchChromium('accounts');
    page = browser.page;
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });

  after(async () => {
    await browser?.close();
    await app?.close();
  });

  const me = async (password: string) => {
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username_or_email: GRACE.username, password }),
    });
    const { access_token } = await json(login);
    return json(await app.request('/api/auth/me', { headers: { authorization: `Bearer ${access_token}` } }));
  };

  it('follows the verification link from the e-mail and verifies the address with one click', async () => {
    expect((await me(GRACE.password)).email_verified).to.equal(false);
    await page.goto(linkIn(app, GRACE.email, '/verify-email'));
    expect((await me(GRACE.password)).email_verified, 'opening the page spends nothing').to.equal(false);
    await page.getByRole('button', { name: 'Verify my e-mail address' }).click();
    await page.getByRole('status').waitFor();
    expect(await page.getByRole('status').textContent()).to.include('Your e-mail address is verified.');
    expect((await me(GRACE.password)).email_verified).to.equal(true);
  });

  it('resets a forgotten password from the sign-in page through the e-mailed link', async () => {
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('E-mail').fill(GRACE.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByRole('status').waitFor();
    expect(await page.getByRole('status').textContent()).to.include('If an account uses that address');
    await app.container.cradle.emailDispatcher.drain();

    await page.goto(linkIn(app, GRACE.email, '/password-reset/confirm'));
    const fresh = 'a new passphrase from the browser';
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('New password, again').fill(fresh);
    await page.getByRole('button', { name: 'Set my new password' }).click();
    await page.waitForURL(`${app.baseUrl}/login?notice=password-reset`);

    await page.getByLabel('Username or e-mail').fill(GRACE.username);
    await page.getByLabel('Password').fill(fresh);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    const violations = consoleErrors.filter((text) => /content security policy|refused to/i.test(text));
    expect(violations, 'the pages work under their own CSP').to.deep.equal([]);
  });

  it('asks for the code of an account with two-factor login, refuses a wrong one, takes a recovery code once', async () => {
    const c = app.container.cradle;
    // Unique: the run's other browser tests share the database.
    const name = `ada.${randomUUID().slice(0, 8)}`;
    const ada = { username: name, email: `${name}@example.com`, password: 'analytical engine 1843' };
    const user = await c.registerUser(ada);
    const me = userPrincipal(user.id, randomUUID());
    const { otpauthUri } = await c.startTotpEnrolment(me);
    const [recovery] = await c.confirmTotpEnrolment(me, {
      code: totpCode(otpauthUri, new Date()),
      ip: '::1',
    });
    const signIn = async () => {
      await page.context().clearCookies();
      await page.goto(`${app.baseUrl}/login`);
      await page.getByLabel('Username or e-mail').fill(ada.username);
      await page.getByLabel('Password').fill(ada.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    };
    await signIn();
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).to.include('The code is not correct');
    // The next step's code: the current one confirmed the enrolment and is spent.
    await page.getByLabel('Code').fill(totpCode(otpauthUri, new Date(Date.now() + 30_000)));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    expect(await page.textContent('body')).to.include(ada.username);

    await signIn();
    await page.getByLabel('Code').fill(recovery as string);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    await signIn();
    await page.getByLabel('Code').fill(recovery as string);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).to.include('or was used already');
    const violations = consoleErrors.filter((text) => /content security policy|refused to/i.test(text));
    expect(violations, 'the code page works under its CSP').to.deep.equal([]);
  });
});

import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, type TestChromium } from '../support/chromium.ts';
import { type Json, json } from '../support/json.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const SCREENSHOT = fileURLToPath(new URL('../../docs/web-home.png', import.meta.url));
const ADA = { username: 'ada.lovelace', email: 'ada@example.com', password: 'analytical engine 1843' };

describe('web application in a real browser (Playwright + chromium)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let browser: TestChromium | undefined;
  let context: BrowserContext;
  let page: Page;
  /** Console messages of the page: a CSP violation would show up here. */
  const consoleErrors: string[] = [];

  before(async () => {
    app = await startTestApp();
    await app.container.cradle.registerUser({ ...ADA, displayName: 'Ada Lovelace' });
    browser = await launchChromium('chromium', { width: 1100, height: 900 });
    ({ context, page } = browser);
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });

  after(async () => {
    await browser?.close();
    await app?.close();
  });

  /** An API client logs in too: its login session is listed on the home page with a revoke button. */
  async function apiLogin(): Promise<string> {
    const response = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'platform-cli/1.0 (deploy bot)' },
      body: JSON.stringify({ username_or_email: ADA.username, password: ADA.password }),
    });
    expect(response.status).to.equal(200);
    return (await json(response)).refresh_token;
  }

  it('signs in, shows the home page, revokes a session, answers fetch() on both surfaces, signs out', async () => {
    const refreshToken = await apiLogin();

    await page.goto(`${app.baseUrl}/`);
    expect(new URL(page.url()).pathname, 'signed out, / leads to the sign-in form').to.equal('/login');

    await page.getByLabel('Username or e-mail').fill(ADA.username);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).to.include('do not match');

    await page.getByLabel('Password').fill(ADA.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Hello, Ada Lovelace');
    expect(await page.locator('body').textContent()).to.include("ada.lovelace's workspace");
    expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).to.equal(
      'rgb(245, 246, 250)',
    );

    const [cookie] = (await context.cookies()).filter((c) => c.name === 'session');
    expect(cookie).to.include({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });

    const png = await page.screenshot({ fullPage: true });
    expect(png.subarray(1, 4).toString()).to.equal('PNG');
    // The committed screenshot is refreshed on request only, so a test run leaves the work tree clean.
    if (!existsSync(SCREENSHOT) || process.env.UPDATE_SCREENSHOTS === '1') await writeFile(SCREENSHOT, png);

    const apiSessions = page.locator('section', { has: page.getByRole('heading', { name: 'API sessions' }) });
    expect(await apiSessions.getByRole('row').count()).to.equal(2);
    await apiSessions.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('status').waitFor();
    expect(await page.getByRole('status').textContent()).to.equal('The session was revoked.');
    expect(await apiSessions.textContent()).to.include('No API client is signed in');
    const refresh = await app.request('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(refresh.status, 'the revoked API session cannot refresh').to.equal(401);

    const fromPage = await page.evaluate(async () => {
      const me = await fetch('/api/auth/me');
      const session = await fetch('/api/auth/session');
      return { me: me.status, session: (await session.json()) as Json };
    });
    expect(fromPage.me, 'the cookie is not an API credential').to.equal(401);
    expect(fromPage.session.user).to.include({ username: ADA.username, display_name: 'Ada Lovelace' });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${app.baseUrl}/login?notice=signed-out`);
    expect(await page.getByRole('status').textContent()).to.equal('You are signed out.');
    const afterSignOut = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
    expect(afterSignOut).to.equal(null);
    await page.goto(`${app.baseUrl}/`);
    expect(new URL(page.url()).pathname).to.equal('/login');

    const violations = consoleErrors.filter((text) => /content security policy|refused to/i.test(text));
    expect(violations, 'the pages work under their own CSP').to.deep.equal([]);
  });
});

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { type ConsoleBrowser, openConsole } from '../support/console-browser.ts';
import { type SignedUp, signUp, type TestApp } from '../support/test-app.ts';

describe('the console in a real browser: workspaces, members, API keys, model providers (Playwright + chromium)', function () {
  this.timeout(90_000);
  let app: TestApp;
  let opened: ConsoleBrowser | undefined;
  let page: Page;
  let owner: SignedUp;

  before(async () => {
    opened = await openConsole('console');
    ({ app, page, owner } = opened);
  });

  after(() => opened?.close());

  const alert = () => opened!.alert();
  const status = () => opened!.status();

  it('creates a workspace, refuses a blank name, invites and revokes an invitation; audited as over the API', async () => {
    await page.goto(`${app.baseUrl}/console`);
    await expectAccessible(page, 'the workspaces page');
    expect(await page.getByRole('table', { name: 'Your workspaces' }).textContent()).to.include('owner');
    await page.getByLabel('Name').fill('   ');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    expect(await alert()).to.equal('Fill in the name.');

    await page.getByLabel('Name').fill('Console crew');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByRole('heading', { name: 'Console crew', level: 1 }).waitFor();
    expect(await status()).to.equal('The workspace was created.');
    const workspaceId = new URL(page.url()).pathname.split('/')[3] as string;
    const listed = await api(app, owner, 'GET', `/api/workspaces/${workspaceId}`);
    expect(listed.body).to.include({ name: 'Console crew', role: 'owner' });

    await page.getByLabel('Username or e-mail').fill('grace@example.com');
    await page.getByLabel('Role').selectOption('admin');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    expect(await status()).to.equal('The invitation was sent.');
    await expectAccessible(page, 'the members page');
    const invitations = page.getByRole('table', { name: 'Open invitations' });
    expect(await invitations.textContent()).to.include('grace@example.com');
    await page.getByRole('button', { name: 'Revoke the invitation of grace@example.com' }).click();
    expect(await status()).to.equal('The invitation was revoked.');
    expect(
      (await api(app, owner, 'GET', `/api/workspaces/${workspaceId}/invitations`)).body.items,
    ).to.deep.equal([]);
    const audit = await api(app, owner, 'GET', `/api/workspaces/${workspaceId}/audit-events`);
    const actions = audit.body.items.map((event: { action: string; actor: object }) => [
      event.action,
      event.actor,
    ]);
    const actor = { type: 'user', id: owner.userId };
    expect(actions).to.deep.include.members([
      ['invitation_created', actor],
      ['invitation_revoked', actor],
    ]);
  });

  it('creates an API key shown once that works at once, then revokes it', async () => {
    const workspaceId = (await api(app, owner, 'POST', '/api/workspaces', { name: 'Keys' })).body.id;
    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/keys`);
    await page.getByLabel('Name').fill('deploy bot');
    await page.getByLabel('Expires (optional, UTC)').fill('2001-01-01T00:00');
    await page.getByRole('button', { name: 'Create key' }).click();
    expect(await alert()).to.include('Expires_at must be in the future');

    await page.getByLabel('Name').fill('deploy bot');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#once-value').textContent()) as string;
    expect(key).to.match(/^pk_/);
    await expectAccessible(page, 'the API keys page with a new key');
    const me = await app.request('/api/auth/me', { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).to.equal(200);

    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/keys`);
    expect(await page.content(), 'the key is never shown again').not.to.include(key);
    await page.getByRole('button', { name: 'Revoke the key deploy bot' }).click();
    expect(await status()).to.equal('The key was revoked.');
    const after = await app.request('/api/auth/me', { headers: { authorization: `Bearer ${key}` } });
    expect(after.status).to.equal(401);
  });

  it('adds a model provider whose key is never shown, refuses a bad address, deletes it', async () => {
    const workspaceId = (await api(app, owner, 'POST', '/api/workspaces', { name: 'Models' })).body.id;
    const secret = 'sk-console-test-0123456789abcdef';
    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/providers`);
    await page.getByLabel('Name').fill('primary');
    await page.getByLabel('Base URL (optional)').fill('ftp://models.example.com');
    await page.getByLabel('API key').fill(secret);
    await page.getByRole('button', { name: 'Add provider' }).click();
    expect(await alert()).to.include('Base_url must');
    expect(await page.content()).not.to.include(secret);

    await page.getByLabel('Base URL (optional)').fill('');
    await page.getByLabel('API key').fill(secret);
    await page.getByRole('button', { name: 'Add provider' }).click();
    expect(await status()).to.include('The model provider was added.');
    expect(await page.getByRole('table', { name: 'Model providers' }).textContent()).to.include('primary');
    expect(await page.content(), 'the key is never shown').not.to.include(secret);
    await expectAccessible(page, 'the model providers page');
    await page.getByRole('button', { name: 'Delete the provider primary' }).click();
    expect(await status()).to.equal('The model provider was deleted.');
    expect(
      (await api(app, owner, 'GET', `/api/workspaces/${workspaceId}/model-providers`)).body.items,
    ).to.deep.equal([]);
  });

  it('answers a stranger with not found, and a form without the CSRF token with 403', async () => {
    const stranger = await signUp(app);
    const theirs = (await api(app, stranger, 'POST', '/api/workspaces', { name: 'Theirs' })).body.id;
    const response = await page.goto(`${app.baseUrl}/console/w/${theirs}/keys`);
    expect(response?.status()).to.equal(404);
    expect((await page.goto(`${app.baseUrl}/console/w/not-a-uuid`))?.status()).to.equal(404);
    const forged = await page.evaluate(async (id) => {
      const body = new URLSearchParams({ name: 'forged' });
      return (await fetch(`/console/w/${id}/keys`, { method: 'POST', body })).status;
    }, theirs);
    expect(forged).to.equal(403);
    const violations = opened!.consoleErrors.filter((text) =>
      /content security policy|refused to/i.test(text),
    );
    expect(violations, 'the pages work under their own CSP').to.deep.equal([]);
  });
});

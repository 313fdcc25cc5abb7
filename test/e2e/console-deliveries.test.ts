import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { type ConsoleBrowser, openConsole } from '../support/console-browser.ts';
import { readmeScreenshot } from '../support/screenshot.ts';
import type { SignedUp, TestApp } from '../support/test-app.ts';
import { deliver } from '../support/webhook-fixture.ts';
import { startReceiver, status } from '../support/webhook-receiver.ts';
import { within } from '../support/within.ts';

const run = promisify(execFile);

/** Outbound messages to the loopback receiver, retried after a second. */
const OUTBOUND = {
  OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true',
  OUTBOUND_WEBHOOK_RETRY_SCHEDULE: '1,1',
  OUTBOUND_WEBHOOK_POLL_INTERVAL_MS: '100',
};

/** A body whose bytes a page could easily alter: markup, non-ASCII, odd spacing, no final newline. */
const TRICKY = '{"note":"<script>alert(1)</script> &amp; é",\n   "tabs":"a\tb"}  ';

describe('the console delivery log, test deliveries and outbound endpoints in a real browser (Playwright + chromium)', function () {
  let missionId: string;
  let opened: ConsoleBrowser | undefined;
  let app: TestApp;
  let page: Page;
  let owner: SignedUp;
  let workspaceId: string;
  this.timeout(120_000);

  const newTrigger = async (name: string, scheme = 'platform') => {
    const created = await api(app, owner, 'POST', '/api/triggers', {
      mission_id: missionId,
      name,
      signature_scheme: scheme,
      ...(scheme === 'stripe' && { signing_secret: 'whsec_console_test' }),
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    return created.body as { id: string; webhook_path: string; signing_secret: string };
  };

  before(async () => {
    opened = await openConsole('console-deliveries', 'Deliveries console', OUTBOUND);
    ({ app, page, owner, workspaceId } = opened);
    const mission = await api(app, owner, 'POST', '/api/missions', {
      workspace_id: workspaceId,
      name: 'Hooks',
    });
    missionId = mission.body.id;
  });

  after(() => opened?.close());

  it('pages the delivery log newest first, shows a body byte-exact with its headers and run, and replays it', async () => {
    const trigger = await newTrigger('github-push');
    const send = async (body: string | Uint8Array, type = 'application/json') => {
      const answer = await deliver(app, trigger.webhook_path, body, trigger.signing_secret, {
        'content-type': type,
      });
      expect(answer.status).to.equal(202);
      return (await answer.json()) as { delivery_id: string; run_id: string };
    };
    const binary = await send(new Uint8Array([0, 159, 146, 150, 255]), 'application/octet-stream');
    const tricky = await send(TRICKY);
    for (let index = 0; index < 50; index++) await send(`{"index":${index}}`);

    await page.goto(`${app.baseUrl}/console/missions/${missionId}`);
    await page.getByRole('link', { name: 'github-push' }).click();
    await page.getByRole('heading', { name: 'Trigger github-push' }).waitFor();
    const log = page.getByRole('table', { name: 'Delivery log' });
    expect(await log.getByRole('row').count()).to.equal(51);
    await expectAccessible(page, 'the trigger page');
    await page.getByRole('link', { name: 'Next page' }).click();
    expect(await log.getByRole('row').count(), 'the two oldest on the second page').to.equal(3);

    await page.getByRole('link', { name: `…${tricky.delivery_id.slice(-12)}` }).click();
    expect(await page.locator('#delivery-body').textContent()).to.equal(TRICKY);
    const headers = page.getByRole('table', { name: 'Headers' });
    expect(await headers.getByRole('row', { name: /content-type/ }).textContent()).to.include(
      'application/json',
    );
    expect(await page.content(), 'no signature kept').not.to.include('x-signature');
    const runLink = page.getByRole('link', { name: tricky.run_id });
    expect(await runLink.getAttribute('href')).to.equal(`/console/runs/${tricky.run_id}`);
    await expectAccessible(page, 'a delivery page');
    await readmeScreenshot(page, 'console-deliveries');

    await page.getByRole('button', { name: 'Replay' }).click();
    // The queued run's page streams its events until the run ends: its URL is enough.
    await page.waitForURL(/\/console\/runs\/[0-9a-f-]{36}$/, { waitUntil: 'commit' });
    const replayId = new URL(page.url()).pathname.split('/').pop() as string;
    expect(replayId).not.to.equal(tricky.run_id);
    const replay = await api(app, owner, 'GET', `/api/runs/${replayId}`);
    expect(replay.body.trigger).to.include({ type: 'webhook', delivery_id: tricky.delivery_id });

    await page.goto(`${app.baseUrl}/console/deliveries/${binary.delivery_id}`);
    expect(await page.locator('#delivery-body-note').textContent()).to.include('binary (5 bytes)');
    expect(await page.locator('#delivery-body').count()).to.equal(0);
  });

  it('sends a signed test delivery through the ingest, per scheme, and shows the curl without the secret', async () => {
    for (const scheme of ['platform', 'stripe', 'standard-webhooks']) {
      const trigger = await newTrigger(`test-${scheme}`, scheme);
      await page.goto(`${app.baseUrl}/console/triggers/${trigger.id}`);
      await page.getByRole('button', { name: 'Send a signed test delivery' }).click();
      await page.getByRole('heading', { name: 'Test delivery accepted' }).waitFor();
      const snippet = (await page.locator('#test-delivery-snippet').textContent()) as string;
      expect(snippet)
        .to.match(/^: "\$\{SECRET:\?/)
        .and.include(trigger.webhook_path);
      expect(await page.content(), 'the secret is never on the page').not.to.include(trigger.signing_secret);
      const log = await api(app, owner, 'GET', `/api/triggers/${trigger.id}/deliveries`);
      expect(
        log.body.items.map((d: { status: string }) => d.status),
        scheme,
      ).to.deep.equal(['accepted']);
      const runHref = await page.getByRole('link', { name: 'its run' }).getAttribute('href');
      expect(runHref).to.equal(`/console/runs/${log.body.items[0].run_id}`);
      // Pasted into a shell with the secret exported, the snippet's delivery is accepted too; without it, refused.
      const env = { ...process.env, SECRET: trigger.signing_secret };
      const pasted = JSON.parse((await run('bash', ['-c', snippet], { env })).stdout);
      expect(pasted.status, scheme).to.equal('accepted');
      expect(pasted.run_id, scheme).to.match(/^[0-9a-f-]{36}$/);
      const unset = await run('bash', ['-c', snippet]).catch((error: { stderr: string }) => error);
      expect(unset.stderr, scheme).to.include('export SECRET=');
    }
    await expectAccessible(page, 'a test delivery sent');
  });

  it('creates an outbound endpoint (secret once), shows its messages with attempts, resends, rotates, disables and deletes', async () => {
    const receiver = await startReceiver();
    try {
      receiver.reply(status(500));
      app.container.cradle.webhookDispatcher.start();
      await page.goto(`${app.baseUrl}/console/w/${workspaceId}`);
      await page.getByRole('link', { name: 'Outbound webhooks' }).click();
      await page.getByLabel('URL').fill('ftp://example.com/hooks');
      await page.getByRole('button', { name: 'Create endpoint' }).click();
      expect(await opened?.alert()).to.match(/url/i);
      await page.getByLabel('URL').fill(receiver.url);
      await page.getByRole('button', { name: 'Create endpoint' }).click();
      expect(await page.locator('#once-value').textContent()).to.match(/^whsec_/);
      await page.getByRole('link', { name: receiver.url }).click();
      const endpointUrl = page.url();

      const run = await api(app, owner, 'POST', `/api/missions/${missionId}/runs`, {});
      await api(app, owner, 'POST', `/api/runs/${run.body.id}/cancel`);
      await receiver.waitFor(2);
      const endpointId = endpointUrl.split('/').pop() as string;
      await within(
        10_000,
        'two attempts recorded',
        async () => {
          const listed = await api(app, owner, 'GET', `/api/webhook-endpoints/${endpointId}/messages`);
          return listed.body.items[0]?.attempts?.length === 2;
        },
        100,
      );
      await page.reload();
      const messages = page.getByRole('table', { name: 'Messages' });
      const row = messages.getByRole('row', { name: /run\.cancelled/ });
      expect(await row.textContent())
        .to.include('delivered')
        .and.include('500')
        .and.include('204');
      await expectAccessible(page, 'an endpoint page');
      await readmeScreenshot(page, 'console-outbound');

      await row.getByRole('button', { name: /^Resend message/ }).click();
      expect(await opened?.status()).to.equal('The message is queued to be sent again.');
      await receiver.waitFor(3);

      await page.getByRole('button', { name: 'Rotate secret of this endpoint' }).click();
      expect(await page.locator('#once-value').textContent()).to.match(/^whsec_/);
      await page.getByRole('button', { name: 'Disable this endpoint' }).click();
      expect(await opened?.status()).to.equal('The endpoint is disabled.');
      expect(await page.getByText('disabled (by user)').count()).to.equal(1);

      await page.getByLabel('Type the URL to confirm').fill('https://other.example');
      await page.getByRole('button', { name: 'Delete endpoint' }).click();
      expect(await opened?.alert()).to.equal('Type the endpoint URL exactly to confirm the deletion.');
      await page.getByLabel('Type the URL to confirm').fill(receiver.url);
      await page.getByRole('button', { name: 'Delete endpoint' }).click();
      expect(await opened?.status()).to.equal('The endpoint was deleted.');
      expect((await api(app, owner, 'GET', `/api/webhook-endpoints/${endpointId}`)).status).to.equal(404);
      const violations = opened?.consoleErrors.filter((text) =>
        /content security policy|refused to/i.test(text),
      );
      expect(violations, 'no CSP violation on any page').to.deep.equal([]);
    } finally {
      await app.container.cradle.webhookDispatcher.stop();
      await receiver.close();
    }
  });
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { type ConsoleBrowser, openConsole } from '../support/console-browser.ts';
import { readmeScreenshot } from '../support/screenshot.ts';
import type { SignedUp, TestApp } from '../support/test-app.ts';

const run = promisify(execFile);

describe('the console mission pages in a real browser: policy, triggers with signed test deliveries, schedules (Playwright + chromium)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let opened: ConsoleBrowser | undefined;
  let page: Page;
  let owner: SignedUp;
  let workspaceId: string;

  before(async () => {
    opened = await openConsole('console-missions', 'Missions console');
    ({ app, page, owner, workspaceId } = opened);
  });

  after(() => opened?.close());

  const alert = () => opened!.alert();
  /** Runs a snippet copied from the page, as a person pasting it into a shell would. */
  const paste = async () => {
    const snippet = (await page.locator('#verification-snippet').textContent()) as string;
    const { stdout } = await run('bash', ['-c', snippet]);
    return JSON.parse(stdout);
  };

  it('creates a mission with a policy, refuses a bad one, and saves a change', async () => {
    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/missions`);
    await page.getByLabel('Name').fill('Nightly report');
    await page.getByLabel('Timeout (seconds)').fill('ten');
    await page.getByRole('button', { name: 'Create mission' }).click();
    expect(await alert()).to.equal('Timeout (seconds) must be a whole number.');
    await page.getByLabel('Timeout (seconds)').fill('600');
    await page.getByLabel('Concurrency key (JSON Pointer)').fill('/body/customer');
    await page.getByRole('button', { name: 'Create mission' }).click();
    expect(await alert()).to.include('concurrency_key needs policy.concurrency_limit');
    await page.getByLabel('Concurrency key (JSON Pointer)').fill('');
    await page.getByRole('button', { name: 'Create mission' }).click();
    await page.getByRole('heading', { name: 'Nightly report', level: 1 }).waitFor();
    await expectAccessible(page, 'a mission page');
    const missionId = new URL(page.url()).pathname.split('/')[3] as string;
    expect((await api(app, owner, 'GET', `/api/missions/${missionId}`)).body.policy.timeout_seconds).to.equal(
      600,
    );

    await page.getByLabel('Max attempts').fill('3');
    await page.getByRole('button', { name: 'Save policy' }).click();
    expect(await page.getByRole('status').textContent()).to.equal('The policy was saved.');
    const policy = (await api(app, owner, 'GET', `/api/missions/${missionId}`)).body.policy;
    expect(policy).to.include({ timeout_seconds: 600, max_attempts: 3 });
    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/missions`);
    await expectAccessible(page, 'the missions page');
  });

  it('creates triggers whose secret is shown once with a test delivery that works when pasted, rotates, disables', async () => {
    const mission = await api(app, owner, 'POST', '/api/missions', {
      workspace_id: workspaceId,
      name: 'Hooks',
    });
    await page.goto(`${app.baseUrl}/console/missions/${mission.body.id}`);
    await page.getByLabel('Trigger name').fill('inbound');
    await page.getByRole('button', { name: 'Create trigger' }).click();
    const secret = (await page.locator('#once-value').textContent()) as string;
    expect(secret).to.match(/^whsec_/);
    await expectAccessible(page, 'a mission page with a new trigger secret');
    await readmeScreenshot(page, 'console-trigger');
    const delivered = await paste();
    expect(delivered).to.include({ status: 'accepted' });
    expect((await api(app, owner, 'GET', `/api/runs/${delivered.run_id}`)).body.input.body).to.deep.equal({
      test: true,
    });

    await page.getByRole('button', { name: 'Rotate secret of inbound' }).click();
    const rotated = (await page.locator('#once-value').textContent()) as string;
    expect(rotated)
      .to.match(/^whsec_/)
      .and.not.equal(secret);
    expect((await paste()).status).to.equal('accepted');
    await page.goto(`${app.baseUrl}/console/missions/${mission.body.id}`);
    expect(await page.content(), 'the secret is not shown again').not.to.include(rotated);

    for (const [scheme, providerSecret] of [
      ['stripe', 'whsec_stripe_test_secret_0123456789'],
      ['standard-webhooks', ''],
      ['slack', 'slack-signing-secret-0123456789'],
      ['github', ''],
      ['shopify', 'shopify-client-secret-0123456789'],
    ] as const) {
      await page.getByLabel('Trigger name').fill(`from ${scheme}`);
      await page.getByLabel('Signature scheme').selectOption(scheme);
      if (providerSecret) await page.getByLabel("Provider's signing secret (optional)").fill(providerSecret);
      await page.getByRole('button', { name: 'Create trigger' }).click();
      expect((await paste()).status, `the ${scheme} snippet`).to.equal('accepted');
    }

    await page.getByRole('button', { name: 'Disable the trigger inbound' }).click();
    expect(await page.getByRole('status').textContent()).to.equal('The trigger is disabled.');
    const refused = await run('bash', [
      '-c',
      `curl -s -o /dev/null -w '%{http_code}' -X POST ${(await api(app, owner, 'GET', `/api/triggers?workspace_id=${workspaceId}`)).body.items.find((t: { name: string }) => t.name === 'inbound').webhook_url}`,
    ]);
    expect(refused.stdout).to.equal('404');
    await page.getByRole('button', { name: 'Enable the trigger inbound' }).click();
    expect(await page.getByRole('status').textContent()).to.equal('The trigger is enabled.');
  });

  it('creates a schedule showing its next fires, refuses a bad cron, disables it', async () => {
    const mission = await api(app, owner, 'POST', '/api/missions', {
      workspace_id: workspaceId,
      name: 'Timed',
    });
    await page.goto(`${app.baseUrl}/console/missions/${mission.body.id}`);
    await page.getByLabel('Schedule name').fill('weekdays');
    await page.getByLabel('Cron (five fields)').fill('61 * * * *');
    await page.getByRole('button', { name: 'Create schedule' }).click();
    expect(await alert()).to.match(/cron/i);
    await page.getByLabel('Schedule name').fill('weekdays');
    await page.getByLabel('Cron (five fields)').fill('0 6 * * 1-5');
    await page.getByLabel('Time zone').fill('Europe/Oslo');
    await page.getByRole('button', { name: 'Create schedule' }).click();
    expect(await page.getByRole('status').textContent()).to.equal('The schedule was created.');
    const row = page.getByRole('table', { name: 'Schedules' }).getByRole('row').nth(1);
    const fires = (await row.getByRole('cell').nth(2).textContent()) as string;
    expect(fires.split(', ')).to.have.length(3);
    for (const fire of fires.split(', ')) expect(fire).to.match(/^\d{4}-\d\d-\d\d 0[45]:00 UTC$/);
    await expectAccessible(page, 'a mission page with a schedule');
    await page.getByRole('button', { name: 'Disable the schedule weekdays' }).click();
    expect(await page.getByRole('status').textContent()).to.equal('The schedule is disabled.');
    expect(await row.getByRole('cell').nth(2).textContent()).to.equal('—');
  });
});

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { type ConsoleBrowser, openConsole } from '../support/console-browser.ts';
import { readmeScreenshot } from '../support/screenshot.ts';
import type { SignedUp, TestApp } from '../support/test-app.ts';

describe('the console runs pages in a real browser: filters, paging, bulk actions, the live run page (Playwright + chromium)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let opened: ConsoleBrowser | undefined;
  let page: Page;
  let owner: SignedUp;
  let workspaceId: string;

  const startRun = async (missionId: string, input: object = {}) => {
    const run = await api(app, owner, 'POST', `/api/missions/${missionId}/runs`, { input });
    expect(run.status).to.equal(202);
    return run.body.id as string;
  };
  const newMission = async (name: string) =>
    (await api(app, owner, 'POST', '/api/missions', { workspace_id: workspaceId, name })).body.id as string;
  const statusOf = async (id: string) => (await api(app, owner, 'GET', `/api/runs/${id}`)).body.status;

  before(async () => {
    opened = await openConsole('console-runs', 'Runs console');
    ({ app, page, owner, workspaceId } = opened);
  });

  after(() => opened?.close());

  it('filters by mission and status, pages with a cursor, cancels the selected runs and replays all matching', async () => {
    const nightly = await newMission('Nightly');
    const other = await newMission('Other');
    const runs: string[] = [];
    for (let index = 0; index < 3; index++) runs.push(await startRun(nightly, { index }));
    for (let index = 0; index < 52; index++) await startRun(other);

    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/runs`);
    const table = page.getByRole('table', { name: 'Runs' });
    expect(await table.getByRole('row').count()).to.equal(51);
    await page.getByRole('link', { name: 'Next page' }).click();
    expect(await table.getByRole('row').count()).to.equal(6);
    await expectAccessible(page, 'the runs page');

    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/runs`);
    await page.getByLabel('Mission').selectOption({ label: 'Nightly' });
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(await table.getByRole('row').count()).to.equal(4);
    expect(await page.getByRole('link', { name: 'Next page' }).count()).to.equal(0);

    await page.getByRole('checkbox', { name: `Select run ${runs[0]}` }).check();
    await page.getByRole('checkbox', { name: `Select run ${runs[1]}` }).check();
    await page.getByRole('button', { name: 'Cancel selected' }).click();
    await page.getByRole('heading', { name: '2 of 2 runs cancelled' }).waitFor();
    await readmeScreenshot(page, 'console-runs');
    expect([await statusOf(runs[0]!), await statusOf(runs[1]!), await statusOf(runs[2]!)]).to.deep.equal([
      'cancelled',
      'cancelled',
      'queued',
    ]);
    expect(new URL(page.url()).pathname).to.equal(`/console/w/${workspaceId}/runs/bulk`);
    await expectAccessible(page, 'the bulk results');

    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/runs?mission=${nightly}&status=cancelled`);
    expect(await table.getByRole('row').count()).to.equal(3);
    await page.getByRole('button', { name: 'Replay all matching' }).click();
    await page.getByRole('heading', { name: '2 of 2 runs replayed' }).waitFor();
    const replays = await api(
      app,
      owner,
      'GET',
      `/api/runs?workspace_id=${workspaceId}&mission_id=${nightly}&status=queued`,
    );
    expect(
      replays.body.items.map((r: { replay_of: string | null }) => r.replay_of).filter(Boolean),
    ).to.have.members([runs[0], runs[1]]);

    // A queued run cannot be replayed: refused on its own line, as the API answers it.
    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/runs?mission=${nightly}&status=queued`);
    await page.getByRole('checkbox', { name: `Select run ${runs[2]}` }).check();
    await page.getByRole('button', { name: 'Replay selected' }).click();
    await page.getByRole('heading', { name: '0 of 1 runs replayed' }).waitFor();
    expect(await page.getByRole('table', { name: 'Bulk results' }).textContent()).to.include(
      'only a finished run is replayed',
    );

    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/runs?after=yesterday`);
    expect(await page.getByRole('alert').textContent()).to.include('is not a date and time');
  });

  it('shows a run with input, output and steps, and streams its events as they happen, without JavaScript', async () => {
    const mission = await newMission('Live');
    const runId = await startRun(mission, { city: 'Oslo' });
    const claimed = await api(app, owner, 'POST', '/api/runs/claim', {
      workspace_id: workspaceId,
      mission_ids: [mission],
    });
    expect(claimed.body.id).to.equal(runId);
    await api(app, owner, 'POST', `/api/runs/${runId}/events`, {
      events: [{ type: 'log', message: 'warming up' }],
    });

    const javascriptOff = await opened!.browser.context.browser()?.newContext({ javaScriptEnabled: false });
    const livePage = javascriptOff ? await javascriptOff.newPage() : page;
    if (javascriptOff) await javascriptOff.addCookies(await opened!.browser.context.cookies());
    const response = await livePage.goto(`${app.baseUrl}/console/runs/${runId}`, { waitUntil: 'commit' });
    expect(response?.headers().refresh).to.equal('3');
    await livePage.getByText('warming up').waitFor();
    expect(await livePage.locator('#run-status').textContent()).to.equal('running');
    expect(await livePage.locator('body').textContent()).to.include('"city": "Oslo"');

    await api(app, owner, 'POST', `/api/runs/${runId}/events`, {
      events: [{ type: 'progress', message: 'half way' }],
    });
    await livePage.getByText('half way').waitFor();
    await api(app, owner, 'POST', `/api/runs/${runId}/complete`, {
      status: 'succeeded',
      output: { temperature: 4 },
    });
    // The stream ends with the run; the page then reloads itself (Refresh) and shows the final state.
    await livePage.locator('#run-status', { hasText: 'succeeded' }).waitFor({ timeout: 15_000 });
    expect(await livePage.locator('body').textContent()).to.include('"temperature": 4');
    await javascriptOff?.close();

    await page.goto(`${app.baseUrl}/console/runs/${runId}`);
    await expectAccessible(page, 'the run page');
    await readmeScreenshot(page, 'console-run');
    await page.getByRole('button', { name: 'Replay this run' }).click();
    await page.locator('#run-status', { hasText: 'queued' }).waitFor();
    expect(await page.locator('body').textContent()).to.include(runId);
    const violations = opened!.consoleErrors.filter((text) =>
      /content security policy|refused to/i.test(text),
    );
    expect(violations, 'the pages work under their own CSP').to.deep.equal([]);
  });
});

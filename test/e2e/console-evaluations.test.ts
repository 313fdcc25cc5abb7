import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { type ConsoleBrowser, openConsole } from '../support/console-browser.ts';
import type { Json } from '../support/json.ts';
import { readmeScreenshot } from '../support/screenshot.ts';
import type { SignedUp, TestApp } from '../support/test-app.ts';
import { within } from '../support/within.ts';

describe('the console datasets and evaluations pages in a real browser (Playwright + chromium)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let opened: ConsoleBrowser | undefined;
  let page: Page;
  let owner: SignedUp;
  let workspaceId: string;
  let missionId: string;
  let datasetUrl: string;

  before(async () => {
    opened = await openConsole('console-evaluations', 'Evaluations console');
    ({ app, page, owner, workspaceId } = opened);
    app.container.cradle.evaluationRunner.start();
    const mission = await api(app, owner, 'POST', '/api/missions', {
      workspace_id: workspaceId,
      name: 'Doubler',
    });
    missionId = mission.body.id;
  });

  after(async () => {
    await app?.container.cradle.evaluationRunner.stop();
    await opened?.close();
  });

  /** A test worker over the API: completes the mission's runs with `answer(input)` until the evaluation ends. */
  async function work(evaluationId: string, answer: (value: number) => number) {
    await within(
      60_000,
      'the evaluation finished',
      async () => {
        const claimed = await api(app, owner, 'POST', '/api/runs/claim', {
          workspace_id: workspaceId,
          mission_ids: [missionId],
          max_runs: 10,
        });
        for (const run of (claimed.status === 200 ? claimed.body.runs : []) as Json[]) {
          const output = { value: answer(run.input.value) };
          const done = await api(app, owner, 'POST', `/api/runs/${run.id}/complete`, {
            status: 'succeeded',
            output,
          });
          expect(done.status).to.equal(200);
        }
        return (await api(app, owner, 'GET', `/api/evaluations/${evaluationId}`)).body.status !== 'running';
      },
      50,
    );
  }

  /** Starts an evaluation of the mission from the evaluations page; answers its id (from the page it opens). */
  async function start(name: string): Promise<string> {
    await page.goto(datasetUrl);
    await page.getByRole('link', { name: 'Evaluate on this dataset' }).click();
    await page.getByLabel('Name (optional)').fill(name);
    await page.getByLabel('Mission or agent').selectOption({ label: 'Mission: Doubler' });
    await page.getByRole('button', { name: 'Start evaluation' }).click();
    expect(await opened?.status()).to.include('The evaluation started');
    return page.url().split('/').at(-1)?.split('?')[0] as string;
  }

  it('makes a dataset and adds items, refusing an input that is not JSON', async () => {
    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/datasets`);
    await expectAccessible(page, 'the datasets page');
    await page.getByLabel('Name').fill('Numbers');
    await page.getByRole('button', { name: 'Create dataset' }).click();
    expect(await opened?.status()).to.equal('The dataset was created.');
    datasetUrl = page.url().split('?')[0] as string;
    await page.getByLabel('Input').fill('{oops');
    await page.getByRole('button', { name: 'Add item' }).click();
    expect(await opened?.alert()).to.match(/^The input is not JSON/);
    expect(await page.getByLabel('Input').inputValue(), 'the form keeps what was typed').to.equal('{oops');
    for (const n of [1, 2, 3]) {
      await page.getByLabel('Input').fill(String(n));
      await page.getByLabel('Expected (optional)').fill(String(n * 2));
      await page.getByRole('button', { name: 'Add item' }).click();
      expect(await opened?.status()).to.equal('The item was added.');
    }
    expect(await page.getByRole('table', { name: 'Items' }).getByRole('row').count()).to.equal(4);
    await expectAccessible(page, 'a dataset page');
    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/datasets`);
    expect(await page.getByRole('table', { name: 'Datasets' }).textContent()).to.include('Numbers');
  });

  it('starts an evaluation of a mission and shows its summary and per-item results', async () => {
    await page.goto(datasetUrl);
    await page.getByRole('link', { name: 'Evaluate on this dataset' }).click();
    await expectAccessible(page, 'the evaluations page');
    await page.getByLabel('Mission or agent').selectOption({ label: 'Mission: Doubler' });
    await page.getByLabel('Scorers').fill('[{"name": "exact"}]');
    await page.getByRole('button', { name: 'Start evaluation' }).click();
    expect(await opened?.alert()).to.include('The scorers must be a JSON list');

    const baseline = await start('baseline');
    await work(baseline, (value) => value * 2);
    await page.goto(page.url().split('?')[0] as string);
    const summary = (await page.locator('dl').textContent()) as string;
    expect(summary).to.include('Numbers').and.include('Doubler');
    expect(summary).to.include('succeeded').and.include('3 of 3 done, 0 failed').and.include('passed');
    const scores = (await page.getByRole('table', { name: 'Scores' }).textContent()) as string;
    expect(scores).to.include('exact_match').and.include('1.000').and.include('100%');
    const results = page.getByRole('table', { name: 'Results' });
    expect(await results.getByRole('row').count()).to.equal(4);
    expect(await results.textContent()).to.include('{"value":4}');
    await expectAccessible(page, 'an evaluation page');
    await readmeScreenshot(page, 'console-evaluation');
  });

  it('compares two evaluations picked from the list: the item that fell', async () => {
    const candidate = await start('candidate');
    await work(candidate, (value) => (value === 2 ? 5 : value * 2));
    await page.reload();
    expect(await page.locator('dl').textContent()).to.include('not passed');
    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/evaluations`);
    await page.getByRole('button', { name: 'Compare base with head' }).click();
    expect(await opened?.alert()).to.include('Pick two evaluations');
    await page.goBack();
    await page.getByLabel('Base: baseline').check();
    await page.getByLabel('Head: candidate').check();
    await page.getByRole('button', { name: 'Compare base with head' }).click();
    await page.getByRole('heading', { name: 'Comparison' }).waitFor();
    const means = (await page.getByRole('table', { name: 'Means' }).textContent()) as string;
    expect(means).to.include('1.000').and.include('0.667').and.include('-0.333');
    const fell = page.getByRole('table', { name: 'Fell' });
    expect(await fell.getByRole('row').count()).to.equal(2);
    expect(await page.getByText('No item scored higher.').count()).to.equal(1);
    await expectAccessible(page, 'a comparison');
  });

  it('cancels a running evaluation', async () => {
    await start('abandoned');
    await page.getByRole('button', { name: 'Cancel the evaluation abandoned' }).click();
    expect(await opened?.status()).to.equal('The evaluation was cancelled.');
    expect(await page.locator('dl').textContent()).to.include('cancelled');
    expect(await page.getByRole('button', { name: /Cancel the evaluation/ }).count()).to.equal(0);
    const violations = opened?.consoleErrors.filter((text) =>
      /content security policy|refused to/i.test(text),
    );
    expect(violations, 'no script or style refused by the CSP').to.deep.equal([]);
  });
});

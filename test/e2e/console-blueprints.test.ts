import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { type ConsoleBrowser, openConsole } from '../support/console-browser.ts';
import type { SignedUp, TestApp } from '../support/test-app.ts';

const ONE = { nodes: [{ id: 'gate', kind: 'condition' }], edges: [] };
const TWO = {
  nodes: [
    { id: 'gate', kind: 'condition' },
    { id: 'after', kind: 'condition' },
  ],
  edges: [{ from: 'gate', to: 'after' }],
};

describe('the console blueprints and approvals pages in a real browser (Playwright + chromium)', function () {
  this.timeout(90_000);
  let app: TestApp;
  let opened: ConsoleBrowser | undefined;
  let page: Page;
  let owner: SignedUp;
  let workspaceId: string;

  before(async () => {
    opened = await openConsole('console-blueprints', 'Blueprints console');
    ({ app, page, owner, workspaceId } = opened);
  });

  after(() => opened?.close());

  it("lists blueprints and shows a blueprint's versions and the changes between two", async () => {
    const blueprint = await api(app, owner, 'POST', '/api/blueprints', {
      workspace_id: workspaceId,
      name: 'Flow',
      graph: ONE,
    });
    expect(blueprint.status, JSON.stringify(blueprint.body)).to.equal(201);
    const second = await api(app, owner, 'POST', `/api/blueprints/${blueprint.body.id}/versions`, {
      graph: TWO,
      note: 'a second gate',
    });
    expect(second.status, JSON.stringify(second.body)).to.equal(201);
    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/blueprints`);
    await expectAccessible(page, 'the blueprints page');
    await page.getByRole('link', { name: 'Flow' }).click();
    expect(await page.getByRole('table', { name: 'Versions' }).getByRole('row').count()).to.equal(3);
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.getByRole('heading', { name: 'Changes from version 1 to 2' }).waitFor();
    const changes = (await page.getByRole('table', { name: 'Changes' }).textContent()) as string;
    expect(changes).to.include('add').and.include('/nodes/').and.include('"after"');
    await expectAccessible(page, 'a blueprint diff');
    await page.goto(`${app.baseUrl}/console/blueprints/${blueprint.body.id}?from=1&to=x`);
    expect(await page.getByRole('alert').textContent()).to.include('To must be a version number');
  });

  it('approves and rejects pending approvals from the inbox, with a comment', async () => {
    const c = app.container.cradle;
    const mission = await api(app, owner, 'POST', '/api/missions', {
      workspace_id: workspaceId,
      name: 'Gated',
    });
    const runs = [0, 1].map(
      async () => (await api(app, owner, 'POST', `/api/missions/${mission.body.id}/runs`, {})).body.id,
    );
    const opened = [];
    for (const [index, runId] of (await Promise.all(runs)).entries()) {
      opened.push(
        await c.openApproval({
          runId,
          nodeId: null,
          toolCallId: `call_${index}`,
          title: `Deploy ${index}?`,
          payload: { index },
          timeoutSeconds: null,
        }),
      );
    }
    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/approvals`);
    await expectAccessible(page, 'the approvals inbox');
    await page.getByLabel('Comment').first().fill('looks fine');
    const first = page.getByRole('row', { name: /Deploy 1\?/ });
    await first.getByLabel('Comment').fill('ship it');
    await first.getByRole('button', { name: 'Approve Deploy 1?' }).click();
    expect(await page.getByRole('status').textContent()).to.equal('Approved.');
    await page.getByRole('button', { name: 'Reject Deploy 0?' }).click();
    expect(await page.getByRole('status').textContent()).to.equal('Rejected.');
    expect(await page.getByRole('table', { name: 'Approvals' }).count()).to.equal(0);

    const approved = await api(app, owner, 'GET', `/api/approvals/${opened[1]!.id}`);
    expect(approved.body).to.include({ status: 'approved', comment: 'ship it' });
    expect((await api(app, owner, 'GET', `/api/approvals/${opened[0]!.id}`)).body.status).to.equal(
      'rejected',
    );
    await page.getByLabel('Status').selectOption('approved');
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await page.getByRole('table', { name: 'Approvals' }).textContent()).to.include('ship it');
  });
});

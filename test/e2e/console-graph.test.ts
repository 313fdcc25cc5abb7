import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { type ConsoleBrowser, openConsole } from '../support/console-browser.ts';
import { readmeScreenshot } from '../support/screenshot.ts';
import { within } from '../support/within.ts';

/** A gate, an approval before shipping, and a branch whose condition is false (so it is skipped). */
const GRAPH = {
  nodes: [
    { id: 'start', kind: 'condition' },
    { id: 'ask', kind: 'approval', config: { title: 'Ship it?' } },
    { id: 'ship', kind: 'condition' },
    { id: 'alert', kind: 'condition' },
  ],
  edges: [
    { from: 'start', to: 'ask', when: 'true' },
    { from: 'start', to: 'alert', when: 'false' },
    { from: 'ask', to: 'ship' },
  ],
};

describe('the console blueprint graph in a real browser: a version page and a run coloured by step status (Playwright + chromium)', function () {
  this.timeout(120_000);
  let opened: ConsoleBrowser | undefined;

  before(async () => {
    opened = await openConsole('console-graph', 'Graph console');
    opened.app.container.cradle.blueprintEngine.start();
  });

  after(async () => {
    opened?.app.container.cradle.blueprintEngine.stop();
    await opened?.close();
  });

  /** The graph's drawing, and its nodes as the text list gives them, on `page`. */
  const graphImage = (page: Page) => page.getByRole('img', { name: /./ }).and(page.locator('svg.graph'));
  /** Each node of the text list (opened first): "id (kind): status; leads to …". */
  const listed = async (page: Page) => {
    const list = page.locator('details.graph-text');
    if ((await list.getAttribute('open')) === null) await page.getByText('The graph as a list').click();
    return (await page.getByRole('list', { name: 'Nodes' }).getByRole('listitem').allTextContents()).map(
      (text) => text.replace(/\s+/g, ' '),
    );
  };

  it("draws a version's graph on the blueprint page, and a run's steps coloured by status with a legend", async () => {
    const { app, page, owner, workspaceId } = opened!;
    const blueprint = await api(app, owner, 'POST', '/api/blueprints', {
      workspace_id: workspaceId,
      name: 'Release',
      graph: GRAPH,
    });
    expect(blueprint.status, JSON.stringify(blueprint.body)).to.equal(201);
    const blueprintId = blueprint.body.id as string;
    await page.goto(`${app.baseUrl}/console/blueprints/${blueprintId}`);
    await page.getByRole('img', { name: 'Release, version 1' }).waitFor();
    for (const id of ['start', 'ask', 'ship', 'alert'])
      expect(await graphImage(page).locator('text.graph-id', { hasText: id }).count(), id).to.equal(1);
    expect(await graphImage(page).locator('path.graph-edge').count()).to.equal(3);
    expect(await listed(page)).to.deep.equal([
      'start (condition); leads to ask when true, alert when false',
      'ask (approval); leads to ship',
      'ship (condition); ends there',
      'alert (condition); ends there',
    ]);
    await expectAccessible(page, 'the blueprint page with its graph');
    await page.goto(`${app.baseUrl}/console/blueprints/${blueprintId}?version=x`);
    expect(await opened!.alert()).to.include('Version must be a version number');

    const mission = await api(app, owner, 'POST', '/api/missions', {
      workspace_id: workspaceId,
      name: 'Releases',
      blueprint: { id: blueprintId },
    });
    const run = await api(app, owner, 'POST', `/api/missions/${mission.body.id}/runs`, {});
    expect(run.status).to.equal(202);
    const runId = run.body.id as string;
    let approvalId = '';
    await within(20_000, 'the approval step waits', async () => {
      const steps = (await api(app, owner, 'GET', `/api/runs/${runId}/steps`)).body.items;
      approvalId = steps.find((step: { node_id: string }) => step.node_id === 'ask')?.approval_id ?? '';
      return approvalId !== '';
    });

    // The run is unfinished: its page streams (no load event until the stream ends).
    await page.goto(`${app.baseUrl}/console/runs/${runId}`, { waitUntil: 'commit' });
    await page.locator('details.graph-text').waitFor();
    expect(await listed(page)).to.deep.equal([
      'start (condition): succeeded; leads to ask when true, alert when false',
      'ask (approval): waiting; leads to ship',
      'ship (condition): pending; ends there',
      'alert (condition): skipped; ends there',
    ]);
    const tones = await graphImage(page)
      .locator('g.graph-node')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('class')));
    expect(tones).to.deep.equal([
      'graph-node succeeded',
      'graph-node waiting',
      'graph-node pending',
      'graph-node skipped',
    ]);
    const fills = await graphImage(page)
      .locator('g.graph-node rect')
      .evaluateAll((rects) => {
        // In the page: its window's getComputedStyle (the tests' types carry no DOM library).
        const view = globalThis as unknown as { getComputedStyle(element: unknown): { fill: string } };
        return rects.map((rect) => view.getComputedStyle(rect).fill);
      });
    expect(new Set(fills).size, 'each status its own colour').to.equal(4);
    const legend = page.getByRole('list', { name: 'Legend: step statuses' });
    expect(await legend.getByRole('listitem').count()).to.equal(7);
    expect(await legend.textContent())
      .to.include('waiting (1)')
      .and.include('succeeded (1)');
    await expectAccessible(page, 'a live run page with its graph');

    const rejected = await api(app, owner, 'POST', `/api/approvals/${approvalId}/reject`, {
      comment: 'not now',
    });
    expect(rejected.status).to.equal(200);
    // The stream ends with the run; the page reloads itself (Refresh) with the final statuses.
    await page.locator('#run-status', { hasText: 'failed' }).waitFor({ timeout: 20_000 });
    expect((await listed(page))[1]).to.equal('ask (approval): failed; leads to ship');
    await expectAccessible(page, 'a finished run page with its graph');
    await readmeScreenshot(page, 'console-blueprint-graph');
    const violations = opened!.consoleErrors.filter((text) =>
      /content security policy|refused to/i.test(text),
    );
    expect(violations, 'the pages work under their own CSP').to.deep.equal([]);
  });
});

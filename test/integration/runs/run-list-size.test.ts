import { expect } from 'chai';
import { PAGE_BUDGET_BYTES } from '../../../src/adapters/platform/http/pagination.ts';
import { api, principalOf } from '../../support/api.ts';
import { suiteApp } from '../../support/http-suite.ts';
import { type Json, json } from '../../support/json.ts';
import {
  createTrigger,
  deliver,
  ownerWithMission,
  type WebhookOwner,
} from '../../support/webhook-fixture.ts';

describe('run lists: no bodies, and a byte budget per page (RELIABILITY finding 2)', () => {
  const app = suiteApp();

  /** One page as sent: its size in bytes and its parsed body. */
  async function listPage(owner: WebhookOwner, cursor?: string): Promise<{ bytes: number; page: Json }> {
    const query = `workspace_id=${owner.workspaceId}&limit=200${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await app.request(`/api/runs?${query}`, { headers: owner.user.auth });
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).to.equal(200);
    return { bytes: Buffer.byteLength(text), page: JSON.parse(text) };
  }

  it('leaves webhook bodies out of run lists; the run itself and its claim still carry its input', async () => {
    const owner = await ownerWithMission(app);
    const trigger = await createTrigger(app, owner, { max_body_bytes: 256 * 1024 });
    const blob = 'x'.repeat(250 * 1024);
    const runIds: string[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await deliver(
        app,
        trigger.webhook_path,
        JSON.stringify({ i, blob }),
        trigger.signing_secret,
      );
      expect(response.status).to.equal(202);
      runIds.push((await json(response)).run_id);
    }

    const { bytes, page } = await listPage(owner);
    expect(page.items.map((run: Json) => run.id)).to.deep.equal(runIds.toReversed());
    expect(bytes, 'eight runs without their 2 MB of bodies').to.be.below(16 * 1024);
    for (const run of page.items) expect(run).not.to.have.any.keys('input', 'output');

    const run = await api(app, owner.user, 'GET', `/api/runs/${runIds[3]}`);
    expect(run.body.input.body).to.deep.equal({ i: 3, blob });
    const claimed = await api(app, owner.user, 'POST', '/api/runs/claim', {
      workspace_id: owner.workspaceId,
    });
    expect(claimed.body).to.include({ id: runIds[0], status: 'running' });
    expect(claimed.body.input.body).to.deep.equal({ i: 0, blob });
  });

  it('ends a page before 1 MiB of runs; the next page continues where it ended', async () => {
    const owner = await ownerWithMission(app);
    const worker = await principalOf(app, owner.user);
    const { startRun, claimRun, completeRun } = app.container.cradle;
    // 100 failed runs, each with an error message of 4,000 three-byte characters: 1.2 MB of runs in all.
    const message = '€'.repeat(4000);
    const created: string[] = [];
    for (let i = 0; i < 100; i++) {
      const run = await startRun(worker, owner.missionId, {});
      await claimRun(worker, { workspaceId: owner.workspaceId });
      await completeRun(worker, run.id, { status: 'failed', error: { message } });
      created.unshift(run.id);
    }

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { bytes, page } = await listPage(owner, cursor);
      // The budget counts the items; the `{items, next_cursor}` envelope and commas add a few hundred bytes.
      expect(bytes).to.be.at.most(PAGE_BUDGET_BYTES + 1024);
      seen.push(...page.items.map((run: Json) => run.id));
      cursor = page.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).to.equal(2);
    expect(seen).to.deep.equal(created);
  });
});

describe('mission lists: a byte budget per page', () => {
  const app = suiteApp();

  it('ends a page of large definitions before the budget and continues after the last mission shown', async () => {
    const owner = await ownerWithMission(app);
    const definition = { steps: 'x'.repeat(60 * 1024) };
    const created = new Set<string>([owner.missionId]);
    for (let i = 0; i < 24; i++) {
      const response = await api(app, owner.user, 'POST', '/api/missions', {
        workspace_id: owner.workspaceId,
        name: `large ${i}`,
        definition,
      });
      expect(response.status, JSON.stringify(response.body)).to.equal(201);
      created.add(response.body.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query = `workspace_id=${owner.workspaceId}&limit=200${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await app.request(`/api/missions?${query}`, { headers: owner.user.auth });
      const text = await response.text();
      expect(response.status).to.equal(200);
      expect(Buffer.byteLength(text)).to.be.below(PAGE_BUDGET_BYTES + 64 * 1024 + 1024);
      const page = JSON.parse(text) as { items: { id: string }[]; next_cursor: string | null };
      seen.push(...page.items.map((mission) => mission.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).to.be.greaterThan(1);
    expect(new Set(seen)).to.deep.equal(created);
    expect(seen).to.have.lengthOf(created.size);
  });
});

import { expect } from 'chai';
import { api, finishedRun } from '../../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { within } from '../../support/within.ts';

const GRAPH = {
  nodes: [
    { id: 'ask', kind: 'approval', config: { title: 'Pay the invoice?' } },
    { id: 'paid', kind: 'code', config: { source: 'function main(i) { return { paid: i.approved } }' } },
  ],
  edges: [{ from: 'ask', to: 'paid' }],
};

for (const [family, env] of [
  ['PostgreSQL', {}],
  ['memory', { PERSISTENCE: 'memory' }],
] as const) {
  describe(`approvals over HTTP (${family})`, function () {
    this.timeout(60_000);
    const app = suiteApp({ ...env, BLUEPRINT_ENGINE_POLL_INTERVAL_MS: '50' });
    const owner = suiteUser(app);
    const member = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Approvals', [[member, 'member']]);
    let missionId: string;
    let endpointId: string;

    before(async () => {
      app.container.cradle.blueprintEngine.start();
      const blueprint = await api(app, owner, 'POST', '/api/blueprints', {
        workspace_id: workspace.id,
        name: 'Gated payment',
        graph: GRAPH,
      });
      const mission = await api(app, owner, 'POST', '/api/missions', {
        workspace_id: workspace.id,
        name: 'Pays after approval',
        blueprint: { id: blueprint.body.id },
      });
      missionId = mission.body.id;
      const endpoint = await api(app, owner, 'POST', `/api/workspaces/${workspace.id}/webhook-endpoints`, {
        url: 'https://receiver.example/approvals',
        event_types: ['approval.requested'],
      });
      expect(endpoint.status, JSON.stringify(endpoint.body)).to.equal(201);
      endpointId = endpoint.body.id;
    });
    after(() => app.container.cradle.blueprintEngine.stop());

    /** A run waiting at its approval step; the run id and the approval. */
    async function waiting(input: object = { invoice: 7 }) {
      const run = await api(app, owner, 'POST', `/api/missions/${missionId}/runs`, { input });
      expect(run.status).to.equal(202);
      let step: Record<string, unknown> = {};
      await within(15_000, 'the approval step waits', async () => {
        step = (await api(app, member, 'GET', `/api/runs/${run.body.id}/steps`)).body.items[0] ?? {};
        return step.status === 'waiting';
      });
      const approval = await api(app, member, 'GET', `/api/approvals/${step.approval_id}`);
      expect(approval.status).to.equal(200);
      return { runId: run.body.id as string, approval: approval.body };
    }

    it('an approval step opens an approval, announced as approval.requested; an admin approves it and the run goes on', async () => {
      const { runId, approval } = await waiting();
      expect(approval).to.deep.include({
        workspace_id: workspace.id,
        run_id: runId,
        node_id: 'ask',
        tool_call_id: null,
        title: 'Pay the invoice?',
        status: 'pending',
        decided_by: null,
        comment: null,
        expires_at: null,
        decided_at: null,
      });
      expect(approval.payload).to.deep.equal({ invoice: 7 });

      const pending = await api(
        app,
        member,
        'GET',
        `/api/approvals?workspace_id=${workspace.id}&status=pending`,
      );
      expect(pending.status).to.equal(200);
      expect(pending.body.items.map((a: { id: string }) => a.id)).to.include(approval.id);
      const messages = (await api(app, owner, 'GET', `/api/webhook-endpoints/${endpointId}/messages`)).body
        .items;
      const message = messages.find(
        (m: { payload: { data: { approval?: { id: string } } } }) =>
          m.payload.data.approval?.id === approval.id,
      );
      expect(message).to.deep.include({ event_type: 'approval.requested' });
      expect(message.payload.type).to.equal('approval.requested');
      expect(message.payload.data.approval).to.deep.equal(approval);

      const byMember = await api(app, member, 'POST', `/api/approvals/${approval.id}/approve`, {});
      expect(byMember.status).to.equal(403);
      const approved = await api(app, owner, 'POST', `/api/approvals/${approval.id}/approve`, {
        comment: 'within budget',
      });
      expect(approved.status, JSON.stringify(approved.body)).to.equal(200);
      expect(approved.body).to.deep.include({
        status: 'approved',
        decided_by: owner.userId,
        comment: 'within budget',
      });
      const again = await api(app, owner, 'POST', `/api/approvals/${approval.id}/reject`, {});
      expect(again.status).to.equal(409);
      expect(again.body.code).to.equal('conflict');

      const run = await finishedRun(app, owner, runId);
      expect(run.status).to.equal('succeeded');
      const [ask, paid] = (await api(app, member, 'GET', `/api/runs/${runId}/steps`)).body.items;
      expect(ask.output).to.deep.equal({ approved: true, by: owner.userId, comment: 'within budget' });
      expect(paid.output).to.deep.equal({ paid: true });
    });

    it('a rejection fails the step and the run with `rejected`; lists filter by status, newest first', async () => {
      const first = await waiting({ invoice: 1 });
      const second = await waiting({ invoice: 2 });
      const rejected = await api(app, owner, 'POST', `/api/approvals/${first.approval.id}/reject`);
      expect(rejected.status, JSON.stringify(rejected.body)).to.equal(200);
      expect(rejected.body).to.deep.include({ status: 'rejected', comment: null });
      const run = await finishedRun(app, owner, first.runId);
      expect(run.status).to.equal('failed');
      expect((run.error as { code: string }).code).to.equal('rejected');
      const [ask] = (await api(app, member, 'GET', `/api/runs/${first.runId}/steps`)).body.items;
      expect(ask).to.deep.include({ status: 'failed' });
      expect(ask.error.code).to.equal('rejected');

      const all = (await api(app, member, 'GET', `/api/approvals?workspace_id=${workspace.id}&limit=2`)).body;
      expect(all.items.map((a: { id: string }) => a.id)).to.deep.equal([
        second.approval.id,
        first.approval.id,
      ]);
      expect(all.next_cursor).to.be.a('string');
      const onlyRejected = (
        await api(app, member, 'GET', `/api/approvals?workspace_id=${workspace.id}&status=rejected`)
      ).body.items;
      expect(onlyRejected.map((a: { id: string }) => a.id)).to.deep.equal([first.approval.id]);

      // Cancelling the run ends its pending approval.
      expect((await api(app, owner, 'POST', `/api/runs/${second.runId}/cancel`)).status).to.equal(200);
      const ended = (await api(app, member, 'GET', `/api/approvals/${second.approval.id}`)).body;
      expect(ended.status).to.equal('expired');
      expect((await api(app, owner, 'POST', `/api/approvals/${second.approval.id}/approve`)).status).to.equal(
        409,
      );
    });

    it('refuses bad input with 400 and changes nothing', async () => {
      const { approval } = await waiting();
      for (const [method, path, body] of [
        ['GET', `/api/approvals?workspace_id=${workspace.id}&status=maybe`, undefined],
        ['GET', '/api/approvals', undefined],
        ['POST', `/api/approvals/${approval.id}/approve`, { comment: 'x'.repeat(2001) }],
        ['POST', `/api/approvals/${approval.id}/approve`, { verdict: 'yes' }],
        ['POST', '/api/approvals/not-a-uuid/approve', {}],
      ] as const) {
        const refused = await api(app, owner, method, path, body);
        expect(refused.status, `${method} ${path}`).to.equal(400);
        expect(refused.body.code).to.equal('validation_failed');
      }
      expect((await api(app, owner, 'GET', `/api/approvals/${approval.id}`)).body.status).to.equal('pending');
    });
  });
}

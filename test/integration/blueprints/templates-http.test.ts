import { expect } from 'chai';
import { api, finishedRun } from '../../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { deliver } from '../../support/webhook-fixture.ts';
import { startReceiver } from '../../support/webhook-receiver.ts';
import { within } from '../../support/within.ts';

const RELAY = '15044a57-f801-475b-8178-f8e887e449cc';
const APPROVAL = 'a7be5096-0f75-4d3b-a67d-68763e83949a';
const MAP = 'b8a1fb37-0d71-4b4b-9150-27a161aa176b';
const AGENT = 'e2a7c3d1-5b0f-4c8e-9a64-3f1d2b7e8c90';
const REPORT = '76e5cfee-69fc-4aea-81c0-c57b0839b597';

const json = (body: unknown) => (_req: unknown, res: import('node:http').ServerResponse) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

for (const [family, env] of [
  ['PostgreSQL', { OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true' }],
  ['memory', { PERSISTENCE: 'memory', OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true' }],
] as const) {
  describe(`built-in blueprint templates over HTTP (${family})`, function () {
    this.timeout(60_000);
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const member = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Templates', [[member, 'member']]);
    let receiver: Awaited<ReturnType<typeof startReceiver>>;

    before(async () => {
      app.container.cradle.blueprintEngine.start();
      receiver = await startReceiver();
    });
    after(async () => {
      app.container.cradle.blueprintEngine.stop();
      await receiver.close();
    });

    /** A mission running a blueprint made from the template; its id. */
    async function missionFrom(templateId: string): Promise<string> {
      const blueprint = await api(app, owner, 'POST', '/api/blueprints', {
        workspace_id: workspace.id,
        name: 'From a template',
        template_id: templateId,
      });
      expect(blueprint.status, JSON.stringify(blueprint.body)).to.equal(201);
      const mission = await api(app, owner, 'POST', '/api/missions', {
        workspace_id: workspace.id,
        name: 'Runs a template',
        blueprint: { id: blueprint.body.id },
      });
      expect(mission.status, JSON.stringify(mission.body)).to.equal(201);
      return mission.body.id;
    }

    async function run(missionId: string, input: object) {
      const started = await api(app, owner, 'POST', `/api/missions/${missionId}/runs`, { input });
      expect(started.status, JSON.stringify(started.body)).to.equal(202);
      return finishedRun(app, owner, started.body.id);
    }

    const received = async (count: number) =>
      (await receiver.waitFor(count)).slice(-1).map(({ body }) => JSON.parse(body))[0];

    it("lists the server's templates to any signed-in caller, a page at a time", async () => {
      const all = await api(app, member, 'GET', '/api/templates');
      expect(all.status).to.equal(200);
      expect(all.body.items.map((t: { id: string }) => t.id)).to.deep.equal([
        RELAY,
        REPORT,
        APPROVAL,
        MAP,
        AGENT,
      ]);
      expect(all.body.next_cursor).to.equal(null);
      for (const template of all.body.items) {
        expect(template.name).to.be.a('string').and.not.equal('');
        expect(template.description).to.be.a('string').and.not.equal('');
        const checked = await api(app, member, 'POST', '/api/blueprints/validate', { graph: template.graph });
        expect(checked.status, JSON.stringify(checked.body)).to.equal(200);
      }
      const first = await api(app, member, 'GET', '/api/templates?limit=3');
      expect(first.body.items).to.have.length(3);
      const rest = await api(app, member, 'GET', `/api/templates?limit=3&cursor=${first.body.next_cursor}`);
      expect(rest.body.items.map((t: { id: string }) => t.id)).to.deep.equal([MAP, AGENT]);
      expect(rest.body.next_cursor).to.equal(null);
    });

    it('a blueprint from a template gets its graph as version 1; exactly one of graph and template_id', async () => {
      const templates = (await api(app, owner, 'GET', '/api/templates')).body.items;
      const created = await api(app, owner, 'POST', '/api/blueprints', {
        workspace_id: workspace.id,
        name: 'Approved call',
        template_id: APPROVAL,
      });
      expect(created.status).to.equal(201);
      const version = await api(app, owner, 'GET', `/api/blueprints/${created.body.id}/versions/1`);
      expect(version.body.graph).to.deep.equal(
        templates.find((t: { id: string }) => t.id === APPROVAL).graph,
      );

      const unknown = await api(app, owner, 'POST', '/api/blueprints', {
        workspace_id: workspace.id,
        name: 'Nothing',
        template_id: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.status).to.equal(400);
      expect(unknown.body.code).to.equal('validation_failed');
      expect(unknown.body.errors).to.deep.equal([
        { path: '/template_id', message: 'is not the id of a built-in template' },
      ]);
      for (const [body, path] of [
        [
          { workspace_id: workspace.id, name: 'Both', template_id: RELAY, graph: { nodes: [], edges: [] } },
          '/template_id',
        ],
        [{ workspace_id: workspace.id, name: 'Neither' }, '/graph'],
      ] as const) {
        const refused = await api(app, owner, 'POST', '/api/blueprints', body);
        expect(refused.status, JSON.stringify(refused.body)).to.equal(400);
        expect(refused.body.code).to.equal('validation_failed');
        expect(refused.body.errors.map((e: { path: string }) => e.path)).to.deep.equal([path]);
      }
      const byMember = await api(app, member, 'POST', '/api/blueprints', {
        workspace_id: workspace.id,
        name: 'Not mine to make',
        template_id: RELAY,
      });
      expect(byMember.status).to.equal(403);
      const listed = await api(app, owner, 'GET', `/api/blueprints?workspace_id=${workspace.id}`);
      expect(listed.body.items.map((b: { name: string }) => b.name)).to.deep.equal(['Approved call']);
    });

    it('relays a signed webhook delivery to the address in its `to` query parameter', async () => {
      const missionId = await missionFrom(RELAY);
      const trigger = await api(app, owner, 'POST', '/api/triggers', { mission_id: missionId, name: 'In' });
      expect(trigger.status, JSON.stringify(trigger.body)).to.equal(201);
      const count = receiver.received.length;
      receiver.reply(json({ relayed: true }));
      const path = `${trigger.body.webhook_path}?to=${encodeURIComponent(receiver.url)}`;
      const accepted = await deliver(app, path, '{"order":42}', trigger.body.signing_secret);
      expect(accepted.status).to.equal(202);
      const ran = await finishedRun(app, owner, ((await accepted.json()) as { run_id: string }).run_id);
      expect(ran.status, JSON.stringify(ran)).to.equal('succeeded');
      expect(ran.output).to.deep.equal({ status: 200, body: { relayed: true } });
      expect(await received(count + 1)).to.deep.equal({ order: 42 });
    });

    it('sends each element of a list to the url, and gathers the answers in order', async () => {
      const missionId = await missionFrom(MAP);
      const count = receiver.received.length;
      receiver.reply(json({ n: 1 }), json({ n: 2 }), json({ n: 3 }));
      const ran = await run(missionId, { url: receiver.url, items: [{ a: 1 }, { a: 2 }, { a: 3 }] });
      expect(ran.status, JSON.stringify(ran)).to.equal('succeeded');
      const results = (ran.output as { results: { status: number; body: { n: number } }[] }).results;
      expect(results.map((r) => r.status)).to.deep.equal([200, 200, 200]);
      expect(results.map((r) => r.body.n).sort()).to.deep.equal([1, 2, 3]);
      const sent = (await receiver.waitFor(count + 3)).slice(count).map(({ body }) => JSON.parse(body));
      expect(sent).to.have.deep.members([{ a: 1 }, { a: 2 }, { a: 3 }]);
    });

    it('a scheduled report fetches a list, summarises it and posts the report', async () => {
      const missionId = await missionFrom(REPORT);
      const count = receiver.received.length;
      receiver.reply(json([{ status: 'open' }, { status: 'done' }, { status: 'open' }, {}]));
      const ran = await run(missionId, {
        source_url: `${receiver.url}/source`,
        report_url: `${receiver.url}/report`,
        title: 'Tickets',
      });
      const report = { title: 'Tickets', total: 4, by_status: { open: 2, done: 1, unknown: 1 } };
      expect(ran.status, JSON.stringify(ran)).to.equal('succeeded');
      expect(ran.output).to.deep.equal(report);
      expect(await received(count + 2)).to.deep.equal(report);
    });

    /** A run of the approval template, waiting for its approval; the run id and the approval id. */
    async function awaitingApproval(missionId: string, input: object) {
      const started = await api(app, owner, 'POST', `/api/missions/${missionId}/runs`, { input });
      expect(started.status).to.equal(202);
      let approvalId: string | null = null;
      await within(15_000, 'the approval step waits', async () => {
        const [step] = (await api(app, member, 'GET', `/api/runs/${started.body.id}/steps`)).body.items;
        approvalId = step?.status === 'waiting' ? step.approval_id : null;
        return approvalId !== null;
      });
      return { runId: started.body.id as string, approvalId: approvalId as unknown as string };
    }

    it('an approval before an HTTP call: nothing is sent until an admin approves, then the payload is posted', async () => {
      const missionId = await missionFrom(APPROVAL);
      const count = receiver.received.length;
      receiver.reply(json({ sent: true }));
      const { runId, approvalId } = await awaitingApproval(missionId, {
        url: receiver.url,
        payload: { refund: 30 },
      });
      const approval = (await api(app, member, 'GET', `/api/approvals/${approvalId}`)).body;
      expect(approval).to.deep.include({
        title: 'Send this request?',
        status: 'pending',
        node_id: 'approve',
      });
      expect(Date.parse(approval.expires_at) - Date.parse(approval.created_at)).to.equal(86_400_000);
      expect(receiver.received.length).to.equal(count);
      const approved = await api(app, owner, 'POST', `/api/approvals/${approvalId}/approve`, {
        comment: 'ok',
      });
      expect(approved.status).to.equal(200);
      const ran = await finishedRun(app, owner, runId);
      expect(ran.status, JSON.stringify(ran)).to.equal('succeeded');
      expect(ran.output).to.deep.equal({ approved_by: owner.userId, status: 200 });
      expect(await received(count + 1)).to.deep.equal({ refund: 30 });
    });

    it('an approval before an HTTP call: a rejection fails the run and sends nothing', async () => {
      const missionId = await missionFrom(APPROVAL);
      const count = receiver.received.length;
      const { runId, approvalId } = await awaitingApproval(missionId, { url: receiver.url, payload: {} });
      expect((await api(app, owner, 'POST', `/api/approvals/${approvalId}/reject`, {})).status).to.equal(200);
      const ran = await finishedRun(app, owner, runId);
      expect(ran.status).to.equal('failed');
      expect(ran.error).to.deep.include({ code: 'rejected' });
      const steps = (await api(app, member, 'GET', `/api/runs/${runId}/steps`)).body.items;
      expect(steps.map((s: { status: string }) => s.status)).to.deep.equal(['failed', 'cancelled']);
      expect(receiver.received.length).to.equal(count);
    });

    it('a url_expression that gives no http(s) URL fails its step with expression_error', async () => {
      const missionId = await missionFrom(MAP);
      const ran = await run(missionId, { url: 'file:///etc/passwd', items: [1] });
      expect(ran.status).to.equal('failed');
      expect(ran.error).to.deep.include({ code: 'expression_error' });
    });
  });
}

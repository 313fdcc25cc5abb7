import { expect } from 'chai';
import { api, finishedRun } from '../../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { deliver } from '../../support/webhook-fixture.ts';
import { startReceiver } from '../../support/webhook-receiver.ts';
import { within } from '../../support/within.ts';

/** The graph of the README's walkthrough (Blueprints, "A walkthrough"), with the receiver's address. */
const walkthroughGraph = (receiverUrl: string) => ({
  nodes: [
    {
      id: 'score',
      kind: 'code',
      config: { source: 'function main(i) { return { amount: i.body.amount, big: i.body.amount > 100 } }' },
    },
    { id: 'gate', kind: 'condition' },
    { id: 'approve', kind: 'approval', config: { title: 'Pay a big amount?', timeout_seconds: 3600 } },
    { id: 'pay', kind: 'http', input: 'steps.score.output', config: { method: 'POST', url: receiverUrl } },
  ],
  edges: [
    { from: 'score', to: 'gate' },
    { from: 'gate', to: 'approve', when: 'steps.score.output.big' },
    { from: 'gate', to: 'pay', when: '$not(steps.score.output.big)' },
    { from: 'approve', to: 'pay' },
  ],
});

describe("the README's walkthrough: a webhook trigger feeding a blueprint (code, condition, approval, http)", function () {
  this.timeout(60_000);
  const app = suiteApp({ OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true' });
  const owner = suiteUser(app);
  const workspace = suiteWorkspace(app, owner, 'Walkthrough');
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  before(async () => {
    app.container.cradle.blueprintEngine.start();
    receiver = await startReceiver();
  });
  after(async () => {
    await app.container.cradle.blueprintEngine.stop();
    await receiver.close();
  });

  it('pays small amounts at once, and big ones once an admin approves', async () => {
    const blueprint = await api(app, owner, 'POST', '/api/blueprints', {
      workspace_id: workspace.id,
      name: 'payments',
      graph: walkthroughGraph(`${receiver.url}/payments`),
    });
    expect(blueprint.status, JSON.stringify(blueprint.body)).to.equal(201);
    const mission = await api(app, owner, 'POST', '/api/missions', {
      workspace_id: workspace.id,
      name: 'payments',
      blueprint: { id: blueprint.body.id },
    });
    const trigger = await api(app, owner, 'POST', '/api/triggers', {
      mission_id: mission.body.id,
      name: 'in',
    });
    const send = async (amount: number) => {
      const accepted = await deliver(
        app,
        trigger.body.webhook_path,
        JSON.stringify({ amount }),
        trigger.body.signing_secret,
      );
      expect(accepted.status).to.equal(202);
      return ((await accepted.json()) as { run_id: string }).run_id;
    };

    const small = await finishedRun(app, owner, await send(40));
    expect(small.status, JSON.stringify(small)).to.equal('succeeded');
    expect(JSON.parse((await receiver.waitFor(1))[0]?.body ?? '')).to.deep.equal({ amount: 40, big: false });

    const bigRun = await send(500);
    let approvalId = '';
    await within(15_000, 'the big payment waits for approval', async () => {
      const steps = (await api(app, owner, 'GET', `/api/runs/${bigRun}/steps`)).body.items;
      approvalId = steps.find((s: { node_id: string }) => s.node_id === 'approve')?.approval_id ?? '';
      return approvalId !== '';
    });
    expect(receiver.received).to.have.length(1);
    const approved = await api(app, owner, 'POST', `/api/approvals/${approvalId}/approve`, { comment: 'ok' });
    expect(approved.status).to.equal(200);
    const big = await finishedRun(app, owner, bigRun);
    expect(big.status, JSON.stringify(big)).to.equal('succeeded');
    expect(JSON.parse((await receiver.waitFor(2))[1]?.body ?? '')).to.deep.equal({ amount: 500, big: true });
  });
});

import { expect } from 'chai';
import { api, finishedRun } from '../../support/api.ts';
import { fakeModelProvider } from '../../support/fake-model-provider.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { suiteValue } from '../../support/suite-values.ts';
import { deliver } from '../../support/webhook-fixture.ts';
import { startReceiver } from '../../support/webhook-receiver.ts';

const AGENT_ANSWERS_WEBHOOK = 'e2a7c3d1-5b0f-4c8e-9a64-3f1d2b7e8c90';

for (const [family, env] of [
  ['PostgreSQL', { MODEL_PROVIDERS_ALLOW_PRIVATE: 'true', OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true' }],
  [
    'memory',
    { PERSISTENCE: 'memory', MODEL_PROVIDERS_ALLOW_PRIVATE: 'true', OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true' },
  ],
] as const) {
  describe(`the template of an agent answering a webhook (${family})`, function () {
    this.timeout(60_000);
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Agent template');
    const fake = suiteValue(
      () => fakeModelProvider(),
      (f) => f.close(),
    );
    const receiver = suiteValue(
      () => startReceiver(),
      (r) => r.close(),
    );

    before(() => {
      app.container.cradle.agentRunner.start();
      app.container.cradle.blueprintEngine.start();
    });
    after(async () => {
      await app.container.cradle.agentRunner.stop();
      await app.container.cradle.blueprintEngine.stop();
    });

    /** The template's graph with the agent set, a mission running it and the mission's webhook trigger. */
    async function triggerFor(): Promise<{ path: string; secret: string }> {
      const provider = await api(app, owner, 'POST', `/api/workspaces/${workspace.id}/model-providers`, {
        name: 'fake',
        kind: 'openai',
        base_url: `${fake.url}/v1`,
        api_key: 'sk-template',
      });
      const agent = await api(app, owner, 'POST', '/api/agents', {
        workspace_id: workspace.id,
        name: 'Support',
        provider_id: provider.body.id,
        model: 'fake-model',
        instructions: 'Answer support questions.',
      });
      expect(agent.status, JSON.stringify(agent.body)).to.equal(201);
      const templates = (await api(app, owner, 'GET', '/api/templates')).body.items as {
        id: string;
        graph: { nodes: { id: string; config: Record<string, unknown> }[] };
      }[];
      const { graph } = templates.find(({ id }) => id === AGENT_ANSWERS_WEBHOOK) ?? { graph: undefined };
      expect(graph, 'the template is listed').to.not.equal(undefined);
      const node = graph?.nodes.find(({ id }) => id === 'answer');
      if (node) node.config.agent_id = agent.body.id;
      const blueprint = await api(app, owner, 'POST', '/api/blueprints', {
        workspace_id: workspace.id,
        name: 'Support answers',
        graph,
      });
      expect(blueprint.status, JSON.stringify(blueprint.body)).to.equal(201);
      const mission = await api(app, owner, 'POST', '/api/missions', {
        workspace_id: workspace.id,
        name: 'Support answers',
        blueprint: { id: blueprint.body.id },
      });
      const trigger = await api(app, owner, 'POST', '/api/triggers', {
        mission_id: mission.body.id,
        name: 'In',
      });
      expect(trigger.status, JSON.stringify(trigger.body)).to.equal(201);
      return { path: trigger.body.webhook_path, secret: trigger.body.signing_secret };
    }

    it("answers the delivery's message and posts the answer to reply_to; without it, the run's output holds it", async () => {
      const { path, secret } = await triggerFor();
      fake.script({ text: ['Try turning it', ' off and on.'] }, { text: ['{"a":1} seen'] });
      const replyTo = `${path}?reply_to=${encodeURIComponent(receiver.url)}`;
      const accepted = await deliver(app, replyTo, '{"message":"My router is down"}', secret);
      expect(accepted.status).to.equal(202);
      const run = await finishedRun(
        app,
        owner,
        ((await accepted.json()) as { run_id: string }).run_id,
        30_000,
      );
      expect(run.status, JSON.stringify(run.error)).to.equal('succeeded');
      expect(run.output).to.deep.equal({ answer: 'Try turning it off and on.' });
      const asked = fake.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
      expect(asked.messages.at(-1)).to.deep.include({ role: 'user', content: 'My router is down' });
      const [reply] = await receiver.waitFor(1);
      expect(JSON.parse(reply?.body ?? '')).to.deep.equal({ answer: 'Try turning it off and on.' });

      // No message field and no reply_to: the body as text is the message, and nothing is posted.
      const plain = await deliver(app, path, '{"a":1}', secret);
      const second = await finishedRun(
        app,
        owner,
        ((await plain.json()) as { run_id: string }).run_id,
        30_000,
      );
      expect(second.output).to.deep.equal({ answer: '{"a":1} seen' });
      const steps = (await api(app, owner, 'GET', `/api/runs/${second.id}/steps`)).body.items;
      expect(steps.map((s: { status: string }) => s.status)).to.deep.equal(['succeeded', 'skipped']);
      expect(receiver.received).to.have.length(1);
    });
  });
}

import { expect } from 'chai';
import { api, finishedRun } from '../../support/api.ts';
import { fakeModelProvider } from '../../support/fake-model-provider.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { suiteValue } from '../../support/suite-values.ts';
import { within } from '../../support/within.ts';

for (const [family, env] of [
  ['PostgreSQL', { MODEL_PROVIDERS_ALLOW_PRIVATE: 'true' }],
  ['memory', { PERSISTENCE: 'memory', MODEL_PROVIDERS_ALLOW_PRIVATE: 'true' }],
] as const) {
  describe(`agent nodes of blueprints over HTTP (${family})`, function () {
    this.timeout(60_000);
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Agent nodes');
    const other = suiteWorkspace(app, owner, 'Elsewhere');
    const fake = suiteValue(
      () => fakeModelProvider(),
      (f) => f.close(),
    );

    before(() => {
      app.container.cradle.agentRunner.start();
      app.container.cradle.blueprintEngine.start();
    });
    after(async () => {
      await app.container.cradle.agentRunner.stop();
      await app.container.cradle.blueprintEngine.stop();
    });

    let made = 0;
    async function agentIn(workspaceId: string): Promise<string> {
      made++;
      const provider = await api(app, owner, 'POST', `/api/workspaces/${workspaceId}/model-providers`, {
        name: `fake ${made}`,
        kind: 'openai',
        base_url: `${fake.url}/v1`,
        api_key: 'sk-agent-node',
      });
      expect(provider.status, JSON.stringify(provider.body)).to.equal(201);
      const agent = await api(app, owner, 'POST', '/api/agents', {
        workspace_id: workspaceId,
        name: `Summariser ${made}`,
        provider_id: provider.body.id,
        model: 'fake-model',
        instructions: 'Answer in one line.',
      });
      expect(agent.status, JSON.stringify(agent.body)).to.equal(201);
      return agent.body.id;
    }

    async function runOf(graph: object, input: object): Promise<string> {
      const blueprint = await api(app, owner, 'POST', '/api/blueprints', {
        workspace_id: workspace.id,
        name: 'With an agent',
        graph,
      });
      expect(blueprint.status, JSON.stringify(blueprint.body)).to.equal(201);
      const mission = await api(app, owner, 'POST', '/api/missions', {
        workspace_id: workspace.id,
        name: 'With an agent',
        blueprint: { id: blueprint.body.id },
      });
      const run = await api(app, owner, 'POST', `/api/missions/${mission.body.id}/runs`, { input });
      expect(run.status, JSON.stringify(run.body)).to.equal(202);
      return run.body.id;
    }

    const graphWith = (agentId: string) => ({
      nodes: [
        {
          id: 'ask',
          kind: 'agent',
          input: '{"message": "Summarise: " & input.text}',
          config: { agent_id: agentId },
        },
        {
          id: 'shout',
          kind: 'code',
          config: { source: 'function main(i) { return i.message.toUpperCase() }' },
        },
      ],
      edges: [{ from: 'ask', to: 'shout' }],
    });

    it("runs the agent on the step's message as a child run; its final answer is the step's output", async () => {
      const agentId = await agentIn(workspace.id);
      fake.script({ text: ['short', ' summary'] });
      const runId = await runOf(graphWith(agentId), { text: 'a long text' });
      const run = await finishedRun(app, owner, runId, 30_000);
      expect(run.status, JSON.stringify(run.error)).to.equal('succeeded');
      expect(run.output).to.deep.equal({ shout: 'SHORT SUMMARY' });
      const asked = fake.requests.at(-1)?.body as {
        model: string;
        messages: { role: string; content: string }[];
      };
      expect(asked.model).to.equal('fake-model');
      expect(asked.messages.at(-1)).to.deep.include({ role: 'user', content: 'Summarise: a long text' });
      const [ask] = (await api(app, owner, 'GET', `/api/runs/${runId}/steps`)).body.items;
      expect(ask).to.deep.include({
        kind: 'agent',
        status: 'succeeded',
        output: { message: 'short summary' },
      });
      // The answer is an agent run of its own thread, a child of the step.
      const child = (await api(app, owner, 'GET', `/api/runs/${ask.child_run_id}`)).body;
      expect(child).to.deep.include({ parent_run_id: runId, step_id: 'ask', mission_id: null });
      expect(child.agent).to.deep.equal({ id: agentId, version: 1 });
      const thread = (await api(app, owner, 'GET', `/api/threads/${child.thread_id}`)).body;
      expect(thread.metadata).to.deep.equal({ blueprint_run_id: runId, node_id: 'ask' });
      const messages = await api(app, owner, 'GET', `/api/threads/${child.thread_id}/messages`);
      expect(messages.body.items.map((m: { role: string }) => m.role)).to.deep.equal(['user', 'assistant']);
    });

    it('an agent of another workspace fails the step (agent_not_found); a bad input fails it too', async () => {
      const elsewhere = await agentIn(other.id);
      const requests = fake.requests.length;
      const run = await finishedRun(app, owner, await runOf(graphWith(elsewhere), { text: 'x' }));
      expect(run).to.deep.include({ status: 'failed' });
      expect(run.error.code).to.equal('agent_not_found');
      const agentId = await agentIn(workspace.id);
      const bad = await finishedRun(
        app,
        owner,
        await runOf({ nodes: [{ id: 'ask', kind: 'agent', config: { agent_id: agentId } }], edges: [] }, {}),
      );
      expect(bad.error.code).to.equal('invalid_input');
      expect(fake.requests.length).to.equal(requests);
    });

    it('the graph check knows the kind; cancelling the run stops the agent', async () => {
      const invalid = await api(app, owner, 'POST', '/api/blueprints/validate', {
        graph: { nodes: [{ id: 'ask', kind: 'agent', config: { agent: 'x' } }], edges: [] },
      });
      expect(invalid.status).to.equal(400);
      expect(invalid.body.errors.map((e: { path: string }) => e.path)).to.include.members([
        '/graph/nodes/0/config/agent_id',
      ]);
      const agentId = await agentIn(workspace.id);
      fake.script({ text: ['slow'], pauseMs: 20_000 });
      const runId = await runOf(graphWith(agentId), { text: 'wait' });
      let childId: string | null = null;
      await within(10_000, 'the agent run started', async () => {
        childId =
          (await api(app, owner, 'GET', `/api/runs/${runId}/steps`)).body.items[0]?.child_run_id ?? null;
        return (
          childId !== null && (await api(app, owner, 'GET', `/api/runs/${childId}`)).body.status === 'running'
        );
      });
      expect((await api(app, owner, 'POST', `/api/runs/${runId}/cancel`)).status).to.equal(200);
      await within(
        10_000,
        'the agent run cancelled',
        async () => (await api(app, owner, 'GET', `/api/runs/${childId}`)).body.status === 'cancelled',
      );
      // The model request in flight was aborted.
      await fake.requests.at(-1)?.closedEarly;
    });
  });
}

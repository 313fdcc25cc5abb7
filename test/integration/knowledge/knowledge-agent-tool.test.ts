import { expect } from 'chai';
import { api, finishedRun } from '../../support/api.ts';
import { fakeModelProvider } from '../../support/fake-model-provider.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { suiteValue } from '../../support/suite-values.ts';
import { within } from '../../support/within.ts';

type Json = Record<string, unknown>;

for (const [family, env] of [
  ['PostgreSQL', { MODEL_PROVIDERS_ALLOW_PRIVATE: 'true' }],
  ['memory', { PERSISTENCE: 'memory', MODEL_PROVIDERS_ALLOW_PRIVATE: 'true' }],
] as const) {
  describe(`the agent knowledge tool (${family})`, function () {
    this.timeout(60_000);
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Agent knowledge');
    const fake = suiteValue(
      () => fakeModelProvider(),
      (f) => f.close(),
    );
    before(() => {
      app.container.cradle.agentRunner.start();
      app.container.cradle.ingestionRunner.start();
    });
    after(async () => {
      await app.container.cradle.agentRunner.stop();
      await app.container.cradle.ingestionRunner.stop();
    });
    const call = (method: string, path: string, body?: unknown) => api(app, owner, method, path, body);

    it('searches its knowledge base with the query the model gives, and hands the passages back to the model', async () => {
      const provider = await call('POST', `/api/workspaces/${workspace.id}/model-providers`, {
        name: 'fake',
        kind: 'openai',
        base_url: `${fake.url}/v1`,
        api_key: 'sk-agent-knowledge-1111',
      });
      const base = await call('POST', '/api/knowledge-bases', {
        workspace_id: workspace.id,
        name: 'Handbook',
        embedding: { provider_id: provider.body.id, model: 'embed' },
      });
      for (const [title, text] of [
        ['Parking', 'Staff park in the underground garage on levels -1 and -2.'],
        ['Canteen', 'Lunch is served from 11:30 to 14:00.'],
      ]) {
        const added = await call('POST', `/api/knowledge-bases/${base.body.id}/documents`, { title, text });
        await within(10_000, 'ingested', async () => {
          return (await call('GET', `/api/documents/${added.body.id}`)).body.status === 'ready';
        });
      }
      const agent = await call('POST', '/api/agents', {
        workspace_id: workspace.id,
        name: 'Helper',
        provider_id: provider.body.id,
        model: 'chat',
        instructions: 'Answer from the handbook.',
        tools: [
          {
            type: 'knowledge',
            knowledge_base_id: base.body.id,
            name: 'handbook',
            description: 'The staff handbook',
          },
        ],
      });
      expect(agent.status, JSON.stringify(agent.body)).to.equal(201);
      expect(agent.body.tools).to.deep.equal([
        {
          type: 'knowledge',
          knowledge_base_id: base.body.id,
          name: 'handbook',
          description: 'The staff handbook',
        },
      ]);
      const thread = await call('POST', '/api/threads', {
        workspace_id: workspace.id,
        agent_id: agent.body.id,
      });
      const args = JSON.stringify({ query: 'where to park', limit: 1 });
      fake.script(
        { toolCalls: [{ id: 'call_1', name: 'handbook', arguments: [args] }], finish: 'tool_calls' },
        {}, // the embeddings of the query (hybrid search)
        { text: ['In the underground garage.'] },
      );
      const sent = await call('POST', `/api/threads/${thread.body.id}/messages`, {
        content: 'Where do I park?',
      });
      expect(sent.status).to.equal(202);
      const run = await finishedRun(app, owner, sent.body.run.id, 20_000);
      expect(run.status, JSON.stringify(run)).to.equal('succeeded');
      expect(run.output).to.deep.equal({ message: 'In the underground garage.' });
      const chats = fake.requests.filter((r) => r.path === '/v1/chat/completions');
      const [first, second] = chats;
      if (!first || !second) throw new Error('the model was not called twice');
      const shown = (first.body.tools as Json[])[0] as { function: Json };
      expect(shown.function).to.deep.include({ name: 'handbook', description: 'The staff handbook' });
      expect(JSON.stringify(shown.function.parameters)).to.contain('query');
      const events = (await call('GET', `/api/runs/${sent.body.run.id}/events?limit=200`)).body
        .items as Json[];
      const result = events.find((e) => e.type === 'tool.result')?.data as { output: { items: Json[] } };
      expect(result.output.items).to.have.length(1);
      expect(result.output.items[0]).to.deep.include({ title: 'Parking', chunk_index: 0 });
      expect(JSON.stringify((second.body.messages as Json[]).at(-1))).to.contain('underground garage');
    });

    it("refuses a knowledge tool naming another workspace's knowledge base", async () => {
      const elsewhere = await call('POST', '/api/workspaces', { name: 'Elsewhere' });
      const foreign = await call('POST', '/api/knowledge-bases', {
        workspace_id: elsewhere.body.id,
        name: 'kb',
      });
      const provider = await call('POST', `/api/workspaces/${workspace.id}/model-providers`, {
        name: 'fake 2',
        kind: 'openai',
        base_url: `${fake.url}/v1`,
        api_key: 'sk-agent-knowledge-2222',
      });
      const refused = await call('POST', '/api/agents', {
        workspace_id: workspace.id,
        name: 'Nosy',
        provider_id: provider.body.id,
        model: 'chat',
        instructions: 'x',
        tools: [{ type: 'knowledge', knowledge_base_id: foreign.body.id, name: 'kb', description: 'x' }],
      });
      expect(refused.status).to.equal(400);
      expect(refused.body.errors).to.deep.equal([
        { path: '/tools/0/knowledge_base_id', message: 'must name a knowledge base of the workspace' },
      ]);
    });
  });
}

import { expect } from 'chai';
import { api, finishedRun, withKey } from '../../support/api.ts';
import { fakeModelProvider } from '../../support/fake-model-provider.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { suiteValue } from '../../support/suite-values.ts';

type Json = Record<string, unknown>;

for (const [family, env] of [
  ['PostgreSQL', { MODEL_PROVIDERS_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' }],
  ['memory', { PERSISTENCE: 'memory', MODEL_PROVIDERS_ALLOW_PRIVATE: 'true' }],
] as const) {
  describe(`the agent memory tool, through the fake model provider (${family})`, function () {
    this.timeout(60_000);
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const member = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Agent memory', [[member, 'member']]);
    const fake = suiteValue(
      () => fakeModelProvider(),
      (f) => f.close(),
    );
    const agent = suiteValue(async () => {
      const provider = await api(app, owner, 'POST', `/api/workspaces/${workspace.id}/model-providers`, {
        name: 'fake',
        kind: 'openai',
        base_url: `${fake.url}/v1`,
        api_key: 'sk-fake-memory-0000',
      });
      const made = await api(app, owner, 'POST', '/api/agents', {
        workspace_id: workspace.id,
        name: 'Remembers',
        provider_id: provider.body.id,
        model: 'fake-model',
        instructions: 'Remember what the user likes.',
        tools: [{ type: 'memory', namespace: 'prefs' }],
      });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      return made.body as { id: string; tools: Json[] };
    });

    before(() => app.container.cradle.agentRunner.start());
    after(() => app.container.cradle.agentRunner.stop());

    const memoryCall = (id: string, args: Json) => ({
      toolCalls: [{ id, name: 'memory', arguments: [JSON.stringify(args)] }],
      finish: 'tool_calls' as const,
    });

    async function answer(caller: Parameters<typeof api>[1], content: string) {
      const thread = await api(app, caller, 'POST', '/api/threads', {
        workspace_id: workspace.id,
        agent_id: agent.id,
      });
      expect(thread.status, JSON.stringify(thread.body)).to.equal(201);
      const sent = await api(app, caller, 'POST', `/api/threads/${thread.body.id}/messages`, { content });
      expect(sent.status).to.equal(202);
      const run = await finishedRun(app, owner, sent.body.run.id, 20_000);
      expect(run.status, JSON.stringify(run)).to.equal('succeeded');
      const events = await api(app, owner, 'GET', `/api/runs/${run.id}/events?limit=200`);
      return (events.body.items as { type: string; data: Json }[])
        .filter((e) => e.type === 'tool.result')
        .map((e) => e.data);
    }

    it('defaults its name and description, and shows the model its actions', () => {
      expect(agent.tools).to.deep.equal([
        {
          type: 'memory',
          name: 'memory',
          namespace: 'prefs',
          description:
            'Remember and recall facts about the user across conversations: put, get or delete an item by key, or search.',
        },
      ]);
    });

    it("writes and reads under [namespace, the thread's user id], across threads", async () => {
      fake.script(memoryCall('call_put', { action: 'put', key: 'drink', value: { likes: 'green tea' } }), {
        text: ['Noted.'],
      });
      expect(await answer(member, 'I like green tea')).to.deep.equal([
        { id: 'call_put', output: { key: 'drink', created: true } },
      ]);
      const sentTools = fake.requests.at(-2)?.body.tools as { function: Json }[];
      const tool = sentTools[0]?.function as Json;
      expect(tool.name).to.equal('memory');
      expect((tool.parameters as Json).required).to.deep.equal(['action']);
      const stored = await api(
        app,
        owner,
        'GET',
        `/api/memory/items?workspace_id=${workspace.id}&namespace=prefs.${member.userId}&key=drink`,
      );
      expect(stored.status).to.equal(200);
      expect(stored.body.value).to.deep.equal({ likes: 'green tea' });

      fake.script(
        memoryCall('call_search', { action: 'search', query: 'tea' }),
        memoryCall('call_get', { action: 'get', key: 'drink' }),
        { text: ['You like green tea.'] },
      );
      expect(await answer(member, 'What do I drink?')).to.deep.equal([
        { id: 'call_search', output: { items: [{ key: 'drink', value: { likes: 'green tea' } }] } },
        { id: 'call_get', output: { key: 'drink', value: { likes: 'green tea' } } },
      ]);

      fake.script(memoryCall('call_other', { action: 'get', key: 'drink' }), { text: ['Nothing.'] });
      expect(await answer(owner, 'What do I drink?'), "another person's memory").to.deep.equal([
        { id: 'call_other', output: { key: 'drink', value: null } },
      ]);
    });

    it('answers bad arguments and a thread without a person with an error, and the run goes on', async () => {
      fake.script(
        memoryCall('call_bad', { action: 'forget' }),
        memoryCall('call_big', { action: 'put', key: 'k', value: 'not an object' }),
        { text: ['Sorry.'] },
      );
      expect(await answer(member, 'Forget it')).to.deep.equal([
        {
          id: 'call_bad',
          error: { code: 'invalid_arguments', message: 'action must be one of put, get, delete, search' },
        },
        { id: 'call_big', error: { code: 'invalid_arguments', message: 'value must be a JSON object' } },
      ]);
      const key = await api(app, owner, 'POST', `/api/workspaces/${workspace.id}/api-keys`, {
        name: 'bot',
        role: 'member',
      });
      fake.script(memoryCall('call_key', { action: 'get', key: 'drink' }), { text: ['No one.'] });
      const [result] = await answer(withKey(key.body.key), 'Who am I?');
      expect(result?.error).to.include({ code: 'no_user' });
    });
  });
}

import { expect } from 'chai';
import { api, finishedRun } from '../../support/api.ts';
import { fakeModelProvider } from '../../support/fake-model-provider.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { suiteValue } from '../../support/suite-values.ts';

const KEY = 'sk-provider-error-key-4321';
type Json = Record<string, unknown>;

for (const [family, env] of [
  [
    'PostgreSQL',
    { MODEL_PROVIDERS_ALLOW_PRIVATE: 'true', MODEL_PROVIDER_MAX_RETRIES: '0', LOG_LEVEL: 'warn' },
  ],
  [
    'memory',
    { PERSISTENCE: 'memory', MODEL_PROVIDERS_ALLOW_PRIVATE: 'true', MODEL_PROVIDER_MAX_RETRIES: '0' },
  ],
] as const) {
  describe(`an agent run a provider refuses ends with provider_error (${family})`, function () {
    this.timeout(60_000);
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Provider errors');
    const fake = suiteValue(
      () => fakeModelProvider(),
      (f) => f.close(),
    );
    before(() => app.container.cradle.agentRunner.start());
    after(() => app.container.cradle.agentRunner.stop());

    const call = (method: string, path: string, body?: unknown) => api(app, owner, method, path, body);

    async function threadOf(kind: 'openai' | 'anthropic'): Promise<string> {
      const provider = await call('POST', `/api/workspaces/${workspace.id}/model-providers`, {
        name: `fake ${kind} ${Math.random()}`,
        kind,
        base_url: kind === 'openai' ? `${fake.url}/v1` : fake.url,
        api_key: KEY,
      });
      const agent = await call('POST', '/api/agents', {
        workspace_id: workspace.id,
        name: `agent ${Math.random()}`,
        provider_id: provider.body.id,
        model: 'fake-model',
        instructions: 'Be brief.',
      });
      const thread = await call('POST', '/api/threads', {
        workspace_id: workspace.id,
        agent_id: agent.body.id,
      });
      expect(thread.status, JSON.stringify(thread.body)).to.equal(201);
      return thread.body.id;
    }

    for (const [kind, status, message] of [
      ['openai', 429, 'Rate limit reached for requests'],
      ['anthropic', 500, 'Internal server error'],
      ['openai', 401, `Incorrect API key provided: ${KEY}`],
    ] as const) {
      it(`carries the provider's ${status} as error.status, on the run and in its status event (${kind})`, async () => {
        const threadId = await threadOf(kind);
        fake.script({ status, message });
        const sent = await call('POST', `/api/threads/${threadId}/messages`, { content: 'Hi' });
        expect(sent.status, JSON.stringify(sent.body)).to.equal(202);
        const run = await finishedRun(app, owner, sent.body.run.id, 20_000);
        expect(run.status).to.equal('failed');
        const error = run.error as Json;
        expect(error).to.deep.equal({
          code: 'provider_error',
          status,
          message: message.replace(KEY, '[key]'),
        });

        const events = (await call('GET', `/api/runs/${run.id}/events?limit=200`)).body.items as {
          type: string;
          data: Json;
        }[];
        const last = events.filter(({ type }) => type === 'status').at(-1);
        expect(last?.data).to.deep.include({ status: 'failed', error });
        expect(JSON.stringify(events)).not.to.contain(KEY);
        expect(JSON.stringify(run)).not.to.contain(KEY);
      });
    }

    it('gives error.status null when no answer came (the provider is gone)', async () => {
      const threadId = await threadOf('openai');
      const gone = await fakeModelProvider();
      await gone.close();
      const provider = await call('POST', `/api/workspaces/${workspace.id}/model-providers`, {
        name: `gone ${Math.random()}`,
        kind: 'openai',
        base_url: `${gone.url}/v1`,
        api_key: KEY,
      });
      const thread = await call('GET', `/api/threads/${threadId}`);
      await call('PATCH', `/api/agents/${thread.body.agent_id}`, { provider_id: provider.body.id });
      const sent = await call('POST', `/api/threads/${threadId}/messages`, { content: 'Hi' });
      const run = await finishedRun(app, owner, sent.body.run.id, 20_000);
      expect(run.error).to.deep.include({ code: 'provider_error', status: null });
    });
  });
}

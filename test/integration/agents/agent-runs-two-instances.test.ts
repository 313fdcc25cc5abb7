import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { fakeModelProvider } from '../../support/fake-model-provider.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { suiteValue } from '../../support/suite-values.ts';
import { within } from '../../support/within.ts';

/** Two instances on one database, both running agent runs: each run's model is called once per step. */
describe('agent runs on two instances sharing one database', function () {
  this.timeout(120_000);
  const env = { MODEL_PROVIDERS_ALLOW_PRIVATE: 'true', JWT_ISSUER: 'https://api.example.test' };
  const [a, b] = [suiteApp(env, { dispose: true }), suiteApp(env, { dispose: true })];
  const owner = suiteUser(a);
  const workspace = suiteWorkspace(a, owner, 'Shared agents');
  const fake = suiteValue(
    () => fakeModelProvider(),
    (f) => f.close(),
  );

  before(() => {
    a.container.cradle.agentRunner.start();
    b.container.cradle.agentRunner.start();
  });
  after(async () => {
    await a.container.cradle.agentRunner.stop();
    await b.container.cradle.agentRunner.stop();
  });

  it('never calls the model twice for one step: 20 threads, 20 answers, one request each', async () => {
    const provider = await api(a, owner, 'POST', `/api/workspaces/${workspace.id}/model-providers`, {
      name: 'fake',
      kind: 'openai',
      base_url: `${fake.url}/v1`,
      api_key: 'sk-two',
    });
    const agent = await api(a, owner, 'POST', '/api/agents', {
      workspace_id: workspace.id,
      name: 'Echo',
      provider_id: provider.body.id,
      model: 'fake',
      instructions: '',
    });
    for (let n = 0; n < 20; n++) fake.script({ text: ['an', ' answer'], pauseMs: 20 });
    const runs: { thread: string; run: string }[] = [];
    for (let n = 0; n < 20; n++) {
      const app = n % 2 ? b : a;
      const thread = await api(app, owner, 'POST', '/api/threads', {
        workspace_id: workspace.id,
        agent_id: agent.body.id,
      });
      const sent = await api(app, owner, 'POST', `/api/threads/${thread.body.id}/messages`, {
        content: `q${n}`,
      });
      expect(sent.status).to.equal(202);
      runs.push({ thread: thread.body.id, run: sent.body.run.id });
    }
    await within(
      60_000,
      'every run finished',
      async () => {
        for (const { run } of runs) {
          if ((await api(a, owner, 'GET', `/api/runs/${run}`)).body.status !== 'succeeded') return false;
        }
        return true;
      },
      100,
    );
    expect(fake.requests).to.have.length(20);
    const asked = fake.requests.map((r) => (r.body.messages as { content: string }[]).at(-1)?.content).sort();
    expect(asked).to.deep.equal(runs.map((_, n) => `q${n}`).sort());
    for (const { thread } of runs) {
      const messages = await api(b, owner, 'GET', `/api/threads/${thread}/messages`);
      expect(messages.body.items.map((m: { role: string }) => m.role)).to.deep.equal(['user', 'assistant']);
    }
  });
});

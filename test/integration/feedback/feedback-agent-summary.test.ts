import { expect } from 'chai';
import { api, finishedRun } from '../../support/api.ts';
import { fakeModelProvider } from '../../support/fake-model-provider.ts';
import { suiteApp, suiteMission, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { suiteValue } from '../../support/suite-values.ts';

for (const [family, env] of [
  ['PostgreSQL', { MODEL_PROVIDERS_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' }],
  ['memory', { PERSISTENCE: 'memory', MODEL_PROVIDERS_ALLOW_PRIVATE: 'true' }],
] as const) {
  describe(`the feedback summary of an agent (${family})`, function () {
    this.timeout(30_000);
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Agent feedback');
    const mission = suiteMission(app, owner, workspace, 'other work');
    const fake = suiteValue(
      () => fakeModelProvider(),
      (f) => f.close(),
    );
    before(() => app.container.cradle.agentRunner.start());
    after(() => app.container.cradle.agentRunner.stop());

    async function agentRun(agentId: string): Promise<string> {
      fake.script({ text: ['Hello.'] });
      const thread = await api(app, owner, 'POST', '/api/threads', {
        workspace_id: workspace.id,
        agent_id: agentId,
      });
      const sent = await api(app, owner, 'POST', `/api/threads/${thread.body.id}/messages`, {
        content: 'Hi',
      });
      expect((await finishedRun(app, owner, sent.body.run.id, 20_000)).status).to.equal('succeeded');
      return sent.body.run.id;
    }

    it("counts the feedback on the agent's answers only, labels and mean score computed by the store", async () => {
      const provider = await api(app, owner, 'POST', `/api/workspaces/${workspace.id}/model-providers`, {
        name: 'fake',
        kind: 'openai',
        base_url: `${fake.url}/v1`,
        api_key: 'sk-fake-feedback-0000',
      });
      const agentOf = async (name: string) =>
        (
          await api(app, owner, 'POST', '/api/agents', {
            workspace_id: workspace.id,
            name,
            provider_id: provider.body.id,
            model: 'fake-model',
            instructions: 'Greet.',
          })
        ).body.id as string;
      const [judged, other] = [await agentOf('judged'), await agentOf('other')];
      const give = (runId: string, body: Record<string, unknown>) =>
        api(app, owner, 'POST', `/api/runs/${runId}/feedback`, body);
      const [a, b] = [await agentRun(judged), await agentRun(judged)];
      await give(a, { score: 1, label: 'helpful' });
      await give(b, { score: 0.25, label: 'helpful' });
      await give(b, { label: 'rude', comment: 'Too short.' });
      await give(await agentRun(other), { score: 0, label: 'rude' });
      const missionRun = await api(app, owner, 'POST', `/api/missions/${mission.id}/runs`, { input: {} });
      await give(missionRun.body.id, { score: 0 });
      const summary = await api(
        app,
        owner,
        'GET',
        `/api/feedback/summary?workspace_id=${workspace.id}&agent_id=${judged}`,
      );
      expect(summary.status).to.equal(200);
      expect(summary.body).to.deep.equal({ count: 3, mean_score: 0.625, labels: { helpful: 2, rude: 1 } });
      const all = await api(app, owner, 'GET', `/api/feedback/summary?workspace_id=${workspace.id}`);
      expect(all.body).to.deep.equal({ count: 5, mean_score: 0.3125, labels: { helpful: 2, rude: 2 } });
    });
  });
}

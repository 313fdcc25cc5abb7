import { expect } from 'chai';
import { apiKey, evaluate } from '../../clients/typescript/src/index.ts';
import { api } from '../support/api.ts';
import { suiteApp, suiteMission, suiteUser, suiteWorkspace } from '../support/http-suite.ts';

describe('TypeScript client: evaluate() starts an evaluation and waits for its result', function () {
  this.timeout(60_000);
  const app = suiteApp();
  const owner = suiteUser(app);
  const workspace = suiteWorkspace(app, owner, 'CI');
  const mission = suiteMission(app, owner, workspace, 'Echo');
  before(() => app.container.cradle.evaluationRunner.start());
  after(() => app.container.cradle.evaluationRunner.stop());

  it('answers the finished summary, `passed` false when a gate is missed, and throws refusals as ApiError', async () => {
    const key = await api(app, owner, 'POST', `/api/workspaces/${workspace.id}/api-keys`, {
      name: 'ci',
      role: 'admin',
    });
    const options = { baseUrl: app.baseUrl, credential: apiKey(key.body.key) };
    const dataset = await api(app, owner, 'POST', '/api/datasets', {
      workspace_id: workspace.id,
      name: 'ci',
    });
    await api(app, owner, 'POST', `/api/datasets/${dataset.body.id}/items`, {
      items: [
        { input: 'a', expected: 'a' },
        { input: 'b', expected: 'B' },
      ],
    });
    // A worker echoing its input, claiming over the API.
    const stop = new AbortController();
    const worker = (async () => {
      while (!stop.signal.aborted) {
        const claimed = await api(app, owner, 'POST', '/api/runs/claim', {
          workspace_id: workspace.id,
          mission_ids: [mission.id],
        });
        if (claimed.status === 200)
          await api(app, owner, 'POST', `/api/runs/${claimed.body.id}/complete`, {
            status: 'succeeded',
            output: claimed.body.input,
          });
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const seen: number[] = [];
    const result = await evaluate(
      options,
      {
        dataset_id: dataset.body.id,
        target: { mission_id: mission.id },
        scorers: [{ name: 'exact', kind: 'exact_match', min_mean: 0.9 }],
      },
      { pollMs: 50, onProgress: (e) => seen.push(e.done) },
    );
    stop.abort();
    await worker;
    expect(result).to.deep.include({ status: 'succeeded', total: 2, done: 2, passed: false });
    expect(result.scores.exact).to.deep.equal({ mean: 0.5, pass_rate: 0.5 });
    expect(seen.length).to.be.greaterThan(0);
    const refused = await evaluate(options, {
      dataset_id: dataset.body.id,
      target: { mission_id: mission.id },
      scorers: [{ name: 'r', kind: 'regex', config: { pattern: '(' } }],
    }).catch((error: unknown) => error);
    expect(refused).to.have.property('status', 400);
  });
});

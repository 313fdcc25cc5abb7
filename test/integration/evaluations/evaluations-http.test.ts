import { expect } from 'chai';
import { api, type Caller } from '../../support/api.ts';
import { suiteApp, suiteMission, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import type { Json } from '../../support/json.ts';
import type { TestApp } from '../../support/test-app.ts';
import { within } from '../../support/within.ts';

/**
 * A test worker over the API, as any worker claims: takes every claimable run of the mission (at most 50 at a
 * time), answers each with `answer(input)`, and records the most runs it ever held at once.
 */
async function work(
  app: () => TestApp,
  caller: Caller,
  workspaceId: string,
  missionId: string,
  answer: (input: Json) => unknown,
  until: () => Promise<boolean>,
) {
  let most = 0;
  let runs = 0;
  while (!(await until())) {
    const claimed = await api(app(), caller, 'POST', '/api/runs/claim', {
      workspace_id: workspaceId,
      mission_ids: [missionId],
      max_runs: 50,
    });
    if (claimed.status === 204) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    expect(claimed.status).to.equal(200);
    const batch = claimed.body.runs as Json[];
    most = Math.max(most, batch.length);
    for (const run of batch) {
      expect(run.trigger).to.deep.include({ type: 'evaluation' });
      const done = await api(app(), caller, 'POST', `/api/runs/${run.id}/complete`, {
        status: 'succeeded',
        output: answer(run.input),
      });
      expect(done.status).to.equal(200);
      runs += 1;
    }
  }
  return { most, runs };
}

const evaluationOf = (app: TestApp, caller: Caller, id: string) =>
  api(app, caller, 'GET', `/api/evaluations/${id}`).then((r) => r.body as Json);

describe('evaluations over HTTP: a mission evaluated on 200 items by a test worker, compared, cancelled, restarted', () => {
  // Behind one load balancer every instance has one public identity: the issuer its tokens carry.
  const env = { JWT_ISSUER: 'https://api.example.test' };
  const [a, b] = [suiteApp(env), suiteApp(env)];
  const owner = suiteUser(a);
  const workspace = suiteWorkspace(a, owner, 'Evaluations');
  const mission = suiteMission(a, owner, workspace, 'Doubler');
  before(() => {
    a.container.cradle.evaluationRunner.start();
    b.container.cradle.evaluationRunner.start();
  });
  after(async () => {
    await a.container.cradle.evaluationRunner.stop();
    await b.container.cradle.evaluationRunner.stop();
  });

  async function datasetOf(size: number): Promise<string> {
    const made = await api(a, owner, 'POST', '/api/datasets', {
      workspace_id: workspace.id,
      name: `d${size}`,
    });
    expect(made.status).to.equal(201);
    const items = Array.from({ length: size }, (_, n) => ({ input: n, expected: n * 2 }));
    const added = await api(a, owner, 'POST', `/api/datasets/${made.body.id}/items`, { items });
    expect(added.body).to.deep.equal({ count: size });
    return made.body.id;
  }

  const start = (datasetId: string, concurrency: number) =>
    api(a, owner, 'POST', '/api/evaluations', {
      dataset_id: datasetId,
      target: { mission_id: mission.id },
      scorers: [
        { name: 'exact', kind: 'exact_match', config: { path: '/answer' }, min_mean: 0.9 },
        { name: 'near', kind: 'numeric', config: { path: '/answer', tolerance: 1 } },
      ],
      concurrency,
    });

  let datasetId: string;
  let baseId: string;

  it('runs each of 200 items once, at most `concurrency` in flight, and sums the scores', async function () {
    this.timeout(120_000);
    datasetId = await datasetOf(200);
    const started = await start(datasetId, 8);
    expect(started.status).to.equal(202);
    expect(started.body).to.deep.include({ status: 'running', total: 200, concurrency: 8 });
    baseId = started.body.id;
    const finished = async () => (await evaluationOf(a, owner, baseId)).status !== 'running';
    const { most, runs } = await work(
      () => a,
      owner,
      workspace.id,
      mission.id,
      (input) => ({ answer: input.value * 2 }),
      finished,
    );
    expect(most).to.be.at.most(8);
    expect(runs).to.equal(200);
    const done = await evaluationOf(a, owner, baseId);
    expect(done).to.deep.include({ status: 'succeeded', total: 200, done: 200, failed: 0, passed: true });
    expect(done.scores).to.deep.equal({ exact: { mean: 1, pass_rate: 1 }, near: { mean: 1, pass_rate: 1 } });
    expect(done.latency_ms.p50).to.be.a('number');
    const page = await api(a, owner, 'GET', `/api/evaluations/${baseId}/results?limit=200`);
    expect(page.body.items).to.have.length(200);
    expect(new Set(page.body.items.map((r: Json) => r.run_id)).size).to.equal(200);
    expect(page.body.items[3]).to.deep.include({
      status: 'done',
      output: { answer: 6 },
      scores: { exact: 1, near: 1 },
    });
  });

  it('compares two evaluations: the items whose score fell or rose', async function () {
    this.timeout(60_000);
    const small = await datasetOf(20);
    const first = (await start(small, 4)).body.id;
    await work(
      () => a,
      owner,
      workspace.id,
      mission.id,
      (i) => ({ answer: i.value * 2 }),
      async () => (await evaluationOf(a, owner, first)).status !== 'running',
    );
    const second = (await start(small, 4)).body.id;
    // Off by one on the first five: `exact` falls, `numeric` (tolerance 1) holds.
    await work(
      () => a,
      owner,
      workspace.id,
      mission.id,
      (i) => ({ answer: i.value * 2 + (i.value < 5 ? 1 : 0) }),
      async () => (await evaluationOf(a, owner, second)).status !== 'running',
    );
    const head = await evaluationOf(a, owner, second);
    expect(head).to.deep.include({ passed: false });
    const compared = await api(a, owner, 'GET', `/api/evaluations/compare?base=${first}&head=${second}`);
    expect(compared.status).to.equal(200);
    expect(compared.body.scores.exact).to.deep.equal({ base: 1, head: 0.75, delta: -0.25 });
    expect(compared.body.fell).to.have.length(5);
    expect(compared.body.fell[0]).to.deep.include({ scorer: 'exact', base: 1, head: 0 });
    expect(compared.body.rose).to.deep.equal([]);
  });

  it('cancels an evaluation mid-way: its runs in flight end, no more start', async () => {
    const started = await start(await datasetOf(40), 4);
    const id = started.body.id;
    let claimed: Json[] = [];
    await within(5_000, 'runs queued', async () => {
      const got = await api(a, owner, 'POST', '/api/runs/claim', {
        workspace_id: workspace.id,
        mission_ids: [mission.id],
        max_runs: 50,
      });
      if (got.status === 200) claimed = claimed.concat(got.body.runs);
      return claimed.length === 4;
    });
    const cancelled = await api(a, owner, 'POST', `/api/evaluations/${id}/cancel`);
    expect(cancelled.status).to.equal(200);
    expect(cancelled.body.status).to.equal('cancelled');
    const late = await api(a, owner, 'POST', `/api/runs/${claimed[0]?.id}/complete`, { status: 'succeeded' });
    expect(late.status).to.equal(409);
    expect(late.body.code).to.equal('run_cancelled');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const more = await api(a, owner, 'POST', '/api/runs/claim', {
      workspace_id: workspace.id,
      mission_ids: [mission.id],
    });
    expect(more.status).to.equal(204);
    expect((await api(a, owner, 'POST', `/api/evaluations/${id}/cancel`)).status).to.equal(409);
  });

  it('goes on after its instance stops mid-way, on another instance, running no item twice', async function () {
    this.timeout(60_000);
    const started = await start(await datasetOf(60), 6);
    const id = started.body.id;
    let current = a;
    const { runs } = await work(
      () => current,
      owner,
      workspace.id,
      mission.id,
      (i) => ({ answer: i.value * 2 }),
      async () => {
        const seen = await evaluationOf(current, owner, id);
        if (current === a && seen.done >= 20) {
          // The instance that started it stops: the other carries on from the database alone.
          await a.container.cradle.evaluationRunner.stop();
          current = b;
        }
        return seen.status !== 'running';
      },
    );
    const done = await evaluationOf(b, owner, id);
    expect(done).to.deep.include({ status: 'succeeded', total: 60, done: 60, passed: true });
    expect(runs).to.equal(60);
  });
});

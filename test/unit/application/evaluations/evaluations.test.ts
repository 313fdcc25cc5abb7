import { expect } from 'chai';
import { DomainError } from '../../../../src/domain/kernel/errors.ts';
import { rejectionOf } from '../../../support/fail.ts';
import { actor, useCases } from '../../../support/test-container.ts';

/** The runner never runs by itself here: the tests take each pass when they choose. */
const quiet = { nudgeEvaluations: () => {} };

async function world(size: number, concurrency: number) {
  const app = await useCases({ doubles: quiet });
  const owner = await actor(app);
  const outsider = await actor(app);
  const mission = await app.createMission(owner.principal, { workspaceId: owner.personal.id, name: 'm' });
  const dataset = await app.createDataset(owner.principal, { workspace_id: owner.personal.id, name: 'd' });
  await app.addDatasetItems(
    owner.principal,
    dataset.id,
    Array.from({ length: size }, (_, n) => ({ input: n, expected: n + 1 })),
  );
  const evaluation = await app.createEvaluation(owner.principal, {
    dataset_id: dataset.id,
    target: { mission_id: mission.id },
    scorers: [{ name: 'plus_one', kind: 'numeric', config: { path: '/n' }, min_mean: 1 }],
    concurrency,
  });
  /** A worker's turn: claims what it can and answers each run with input + 1 (as a numeric string). */
  const work = async () => {
    const runs = await app.claimRuns(owner.principal, { workspaceId: owner.personal.id, maxRuns: 50 });
    for (const run of runs)
      await app.completeRun(owner.principal, run.id, {
        status: 'succeeded',
        output: { n: String((run.input?.value as number) + 1) },
      });
    return runs.length;
  };
  const pass = async () => (await app.scoreEvaluationItems()) + (await app.startEvaluationItems());
  return { app, owner, outsider, dataset, evaluation, work, pass };
}

describe('evaluations use cases (in memory)', () => {
  it('starts at most `concurrency` items, scores each once, and sums the evaluation', async () => {
    const { app, owner, evaluation, work, pass } = await world(10, 3);
    expect(evaluation).to.deep.include({ status: 'running', total: 10, concurrency: 3 });
    let most = 0;
    for (let turn = 0; turn < 20; turn++) {
      await pass();
      most = Math.max(most, await work());
    }
    expect(most).to.equal(3);
    const { evaluation: done, summary } = await app.getEvaluation(owner.principal, evaluation.id);
    expect(done.status).to.equal('succeeded');
    expect(summary).to.deep.include({ done: 10, failed: 0 });
    expect(summary.scores).to.deep.equal({ plus_one: { mean: 1, passRate: 1 } });
  });

  it('hides evaluations and datasets from outsiders and refuses writes to members', async () => {
    const { app, outsider, dataset, evaluation } = await world(1, 1);
    for (const attempt of [
      app.getEvaluation(outsider.principal, evaluation.id),
      app.cancelEvaluation(outsider.principal, evaluation.id),
      app.listDatasetItems(outsider.principal, dataset.id, { limit: 10 }),
      app.addDatasetItems(outsider.principal, dataset.id, [{ input: 1 }]),
    ])
      expect((await rejectionOf(attempt, DomainError)).code).to.equal('not_found');
  });

  it('cancels: nothing starts any more, runs in flight are cancelled, a second cancel is a conflict', async () => {
    const { app, owner, evaluation, work, pass } = await world(6, 2);
    await pass();
    const cancelled = await app.cancelEvaluation(owner.principal, evaluation.id);
    expect(cancelled.evaluation.status).to.equal('cancelled');
    await pass();
    expect(await work()).to.equal(0);
    expect(
      (await rejectionOf(app.cancelEvaluation(owner.principal, evaluation.id), DomainError)).code,
    ).to.equal('conflict');
  });

  it('compares: the items whose score fell', async () => {
    const first = await world(4, 4);
    for (let turn = 0; turn < 6; turn++) {
      await first.pass();
      await first.work();
    }
    const { app, owner, dataset } = first;
    const mission = await app.createMission(owner.principal, {
      workspaceId: owner.personal.id,
      name: 'worse',
    });
    const second = await app.createEvaluation(owner.principal, {
      dataset_id: dataset.id,
      target: { mission_id: mission.id },
      scorers: [{ name: 'plus_one', kind: 'numeric', config: { path: '/n' } }],
    });
    for (let turn = 0; turn < 6; turn++) {
      await first.pass();
      const runs = await app.claimRuns(owner.principal, { workspaceId: owner.personal.id, maxRuns: 50 });
      for (const run of runs)
        await app.completeRun(owner.principal, run.id, { status: 'failed', error: { message: 'no' } });
    }
    const compared = await app.compareEvaluations(owner.principal, first.evaluation.id, second.id);
    expect(compared.fell).to.have.length(4);
    expect(compared.rose).to.deep.equal([]);
    expect(compared.head.summary).to.deep.include({ done: 4, failed: 4 });
  });
});

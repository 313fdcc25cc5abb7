import { expect } from 'chai';
import type { GroupCommits } from '../../../../src/application/kernel/ports/group-commits.ts';
import type { Run } from '../../../../src/domain/runs/run.ts';
import { actor, principal, useCases } from '../../../support/test-container.ts';

/** Group commit in memory: the items submitted in one turn of the event loop are committed together. */
class SameTurnCommits implements GroupCommits {
  readonly batches: number[] = [];

  group<I, O>(commit: (items: readonly I[]) => Promise<O[]>): (item: I) => Promise<O> {
    let waiting: Array<{ item: I; answer: (outcome: Promise<O>) => void }> = [];
    return (item) =>
      new Promise<O>((resolve) => {
        if (waiting.length === 0)
          setImmediate(() => {
            const batch = waiting;
            waiting = [];
            this.batches.push(batch.length);
            const results = commit(batch.map((entry) => entry.item));
            for (const [index, entry] of batch.entries())
              entry.answer(results.then((all) => all[index] as O));
          });
        waiting.push({ item, answer: resolve as (outcome: Promise<O>) => void });
      });
  }
}

describe('claims that go together in one transaction (use cases, in memory)', () => {
  async function setup() {
    const groupCommits = new SameTurnCommits();
    const app = await useCases({ doubles: { groupCommits } });
    const ada = await actor(app, 'ada');
    const workspaceId = ada.personal.id;
    const missions = [
      await app.createMission(ada.principal, { workspaceId, name: 'a' }),
      await app.createMission(ada.principal, { workspaceId, name: 'b' }),
    ];
    const claim = (worker: string, maxRuns: number, missionIds?: string[]) =>
      app.claimRuns(principal(ada.user.id, worker), { workspaceId, leaseSeconds: 60, maxRuns, missionIds });
    // A second apart: runs queued in one millisecond are claimed in id order, which is random.
    const start = async (mission = missions[0]) => {
      app.clock.advance(1);
      return app.startRun(ada.principal, mission?.id as string, { input: {} });
    };
    return { app, missions, claim, start, groupCommits };
  }

  const ids = (runs: readonly Run[]) => runs.map((run) => run.id);

  it('shares the oldest runs out among the claims in the order they came, each leased to its own worker', async () => {
    const { claim, start, groupCommits } = await setup();
    const queued: Run[] = [];
    for (let n = 0; n < 5; n++) queued.push(await start());
    const [w1, w2, w3] = await Promise.all([claim('w1', 2), claim('w2', 1), claim('w3', 3)]);
    expect(groupCommits.batches.at(-1)).to.equal(3);
    expect(ids(w1 ?? [])).to.deep.equal(ids(queued.slice(0, 2)));
    expect(ids(w2 ?? [])).to.deep.equal(ids(queued.slice(2, 3)));
    expect(ids(w3 ?? [])).to.deep.equal(ids(queued.slice(3)));
    for (const run of w3 ?? []) expect(run).to.include({ status: 'running', leaseOwner: 'w3' });
  });

  it('gives claims of other missions in the same batch their own runs, never one run twice', async () => {
    const { claim, start, missions } = await setup();
    const [a1, b1, a2] = [await start(missions[0]), await start(missions[1]), await start(missions[0])];
    const [any, onlyB, onlyA] = await Promise.all([
      claim('w1', 1),
      claim('w2', 5, [missions[1]?.id as string]),
      claim('w3', 5, [missions[0]?.id as string]),
    ]);
    expect(ids(any ?? [])).to.deep.equal([a1.id]);
    expect(ids(onlyB ?? [])).to.deep.equal([b1.id]);
    expect(ids(onlyA ?? [])).to.deep.equal([a2.id]);
  });

  it('takes back the expired leases of the workspace in the batch, as a claim alone does', async () => {
    const { app, claim, start } = await setup();
    const lost = await start();
    expect(ids(await claim('crashed', 1))).to.deep.equal([lost.id]);
    app.clock.advance(61);
    const answers = await Promise.all([claim('w1', 1), claim('w2', 1)]);
    // Queued again for its second attempt, after a backoff: not claimable by the batch that took it back.
    expect(answers.flat()).to.deep.equal([]);
    expect(await app.runs.findById(lost.id)).to.include({ status: 'queued', attempt: 2, leaseOwner: null });
  });
});

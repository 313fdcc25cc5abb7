import { expect } from 'chai';
import { InvalidInput } from '../../../../src/domain/kernel/errors.ts';
import type { RunPolicyChanges } from '../../../../src/domain/missions/run-policy.ts';
import type { Run } from '../../../../src/domain/runs/run.ts';
import { fail } from '../../../support/fail.ts';
import { actor, principal, useCases } from '../../../support/test-container.ts';

describe('claiming several runs at once (use cases, in memory)', () => {
  async function setup(policy: RunPolicyChanges = {}) {
    const app = await useCases();
    const ada = await actor(app, 'ada');
    const workspaceId = ada.personal.id;
    const mission = await app.createMission(ada.principal, { workspaceId, name: 'm', policy });
    const worker = principal(ada.user.id, 'w1');
    const claim = (maxRuns?: number) => app.claimRuns(worker, { workspaceId, leaseSeconds: 60, maxRuns });
    // A second apart: runs queued in one millisecond are claimed in id order, which is random.
    const start = async (input: object = {}) => {
      app.clock.advance(1);
      return app.startRun(ada.principal, mission.id, { input });
    };
    return { app, ada, workspaceId, mission, claim, start };
  }

  it('hands out up to max_runs runs, those that waited longest first, each leased to the caller', async () => {
    const { claim, start } = await setup();
    const queued: Run[] = [];
    for (let n = 0; n < 5; n++) queued.push(await start({ n }));
    const first = await claim(3);
    expect(first.map((run) => run.id)).to.deep.equal(queued.slice(0, 3).map((run) => run.id));
    for (const run of first) expect(run).to.include({ status: 'running', leaseOwner: 'w1' });
    expect(
      (await claim(10)).map((run) => run.id),
      'fewer left than asked',
    ).to.deep.equal(queued.slice(3).map((run) => run.id));
    expect(await claim(10)).to.deep.equal([]);
  });

  it("hands out each run's traceparent as it was queued with; a malformed one was never stored", async () => {
    const { app, ada, mission, claim } = await setup();
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const traced = await app.startRun(ada.principal, mission.id, { traceparent });
    app.clock.advance(1);
    const malformed = await app.startRun(ada.principal, mission.id, { traceparent: 'not-a-traceparent' });
    expect([traced.traceparent, malformed.traceparent]).to.deep.equal([traceparent, null]);
    expect((await claim(2)).map((run) => run.traceparent)).to.deep.equal([traceparent, null]);
  });

  it('claims one run without max_runs', async () => {
    const { claim, start } = await setup();
    const a = await start();
    await start();
    expect((await claim()).map((run) => run.id)).to.deep.equal([a.id]);
  });

  it('never breaks a concurrency cap: a batch holds at most the limit of each key value', async () => {
    const { claim, start, app, ada } = await setup({ concurrencyLimit: 2, concurrencyKey: '/customer' });
    const runs: Run[] = [];
    for (const customer of ['a', 'a', 'a', 'b', 'a', 'b', 'b']) runs.push(await start({ customer }));
    const batch = await claim(100);
    expect(batch.map((run) => run.id)).to.deep.equal([0, 1, 3, 5].map((i) => runs[i]?.id));
    expect(await claim(100), 'the rest wait for a slot').to.deep.equal([]);
    await app.completeRun(principal(ada.user.id, 'w1'), runs[0]?.id as string, { status: 'succeeded' });
    expect(
      (await claim(100)).map((run) => run.id),
      'the freed slot of "a"',
    ).to.deep.equal([runs[2]?.id]);
  });

  it('refuses max_runs outside 1..100 or not an integer', async () => {
    const { claim, start } = await setup();
    await start();
    for (const bad of [0, 101, 1.5, -1, Number.NaN])
      expect(await fail(claim(bad)), String(bad)).to.be.instanceOf(InvalidInput);
    expect(await claim(100)).to.have.lengthOf(1);
  });
});

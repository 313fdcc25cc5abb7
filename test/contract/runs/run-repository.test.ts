import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ClaimCriteria } from '../../../src/application/runs/ports/run-repository.ts';
import { Conflict } from '../../../src/domain/kernel/errors.ts';
import { Run } from '../../../src/domain/runs/run.ts';
import { at, describeContract, seedMission, seedRun, seedUser, T0 } from '../../support/persistence-world.ts';

const WORKER = 'worker-session-1';

describeContract('RunRepository', (world) => {
  /** The first run a claim of one hands out. */
  async function claimOne(criteria: Omit<ClaimCriteria, 'limit'>, claim: (run: Run) => void) {
    return (await world.runs.claimOldest({ ...criteria, limit: 1 }, claim)).runs[0];
  }

  async function missionInNewWorkspace() {
    const { workspace } = await seedUser(world);
    return seedMission(world, workspace.id);
  }

  it('stores a run and reads it back field for field', async () => {
    const mission = await missionInNewWorkspace();
    const run = await seedRun(world, mission, T0, { nested: { list: [1, 'two', null] }, quote: "it's" });
    const found = await world.runs.findById(run.id);
    expect(found).to.deep.equal(run);
    expect(await world.runs.findById(randomUUID())).to.equal(undefined);
    expect(await world.runs.findWorkspaceId(run.id)).to.equal(mission.workspaceId);
    expect(await world.runs.findWorkspaceId(randomUUID())).to.equal(undefined);
  });

  it('lists newest first, filters by mission and status, and pages without gaps or repeats', async () => {
    const mission = await missionInNewWorkspace();
    const other = await seedMission(world, mission.workspaceId);
    const runs: Run[] = [];
    for (let i = 0; i < 5; i++) runs.push(await seedRun(world, i % 2 ? other : mission, at(i)));
    // Two runs in the same millisecond are ordered by id.
    runs.push(await seedRun(world, mission, at(4)));
    await world.runs.update(runs[0]!.id, (run) => run.cancel(at(10)));

    const seen: string[] = [];
    let page = await world.runs.list({ workspaceId: mission.workspaceId }, { limit: 4 });
    seen.push(...page.items.map((r) => r.id));
    expect(page.next).to.not.equal(null);
    page = await world.runs.list(
      { workspaceId: mission.workspaceId },
      { limit: 4, after: page.next ?? undefined },
    );
    seen.push(...page.items.map((r) => r.id));
    expect(page.next).to.equal(null);
    const expected = [...runs]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    expect(seen).to.deep.equal(expected);

    const ofOther = await world.runs.list(
      { workspaceId: mission.workspaceId, missionId: other.id },
      { limit: 50 },
    );
    expect(ofOther.items.map((r) => r.id)).to.deep.equal([runs[3]!.id, runs[1]!.id]);
    const cancelled = await world.runs.list(
      { workspaceId: mission.workspaceId, status: 'cancelled' },
      { limit: 50 },
    );
    expect(cancelled.items.map((r) => r.id)).to.deep.equal([runs[0]!.id]);
    const elsewhere = await world.runs.list({ workspaceId: randomUUID() }, { limit: 50 });
    expect(elsewhere.items).to.deep.equal([]);
  });

  it('lists in full oldest first, with input and output, within a creation window, page after page', async () => {
    const mission = await missionInNewWorkspace();
    const other = await seedMission(world, mission.workspaceId);
    const runs: Run[] = [];
    for (let i = 0; i < 5; i++) runs.push(await seedRun(world, i % 2 ? other : mission, at(i), { i }));
    runs.push(await seedRun(world, mission, at(4), { i: 5 }));
    const filter = { workspaceId: mission.workspaceId };
    const first = await world.runs.listInFull(filter, { limit: 4 });
    const second = await world.runs.listInFull(filter, { limit: 4, after: first.next ?? undefined });
    expect(second.next).to.equal(null);
    const expected = [...runs].sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1),
    );
    expect([...first.items, ...second.items]).to.deep.equal(expected);
    const window = await world.runs.listInFull(
      { ...filter, missionId: mission.id, createdAfter: at(1), createdBefore: at(4) },
      { limit: 50 },
    );
    expect(window.items.map((r) => r.id)).to.deep.equal([runs[2]!.id]);

    // A child run (a step of a blueprint run) is listed under its parent only.
    const child = Run.queue({
      id: randomUUID(),
      missionId: mission.id,
      workspaceId: mission.workspaceId,
      triggerType: 'manual',
      input: null,
      policy: mission.policy,
      now: at(2),
      parent: { runId: runs[0]!.id, stepId: 'step', taskType: null },
    });
    await world.runs.add(child);
    expect((await world.runs.listInFull(filter, { limit: 50 })).items).to.have.length(runs.length);
    const children = await world.runs.listInFull({ ...filter, parentRunId: runs[0]!.id }, { limit: 50 });
    expect(children.items.map((r) => r.id)).to.deep.equal([child.id]);
  });

  it('claims the oldest queued run of the workspace (and of the given missions only)', async () => {
    const mission = await missionInNewWorkspace();
    const other = await seedMission(world, mission.workspaceId);
    const foreign = await missionInNewWorkspace();
    await seedRun(world, foreign, at(-10));
    const first = await seedRun(world, mission, at(1));
    const second = await seedRun(world, other, at(2));
    const claim = (run: Run) => run.claim(WORKER, at(5), 30);

    const onlyOther = await claimOne(
      { workspaceId: mission.workspaceId, missionIds: [other.id], now: at(5) },
      claim,
    );
    expect(onlyOther?.id).to.equal(second.id);
    const claimed = await claimOne({ workspaceId: mission.workspaceId, now: at(5) }, claim);
    expect(claimed?.id).to.equal(first.id);
    expect(claimed?.status).to.equal('running');
    expect(await world.runs.findById(first.id)).to.deep.equal(claimed);
    expect(await claimOne({ workspaceId: mission.workspaceId, now: at(5) }, claim)).to.equal(undefined);
    expect(await claimOne({ workspaceId: mission.workspaceId, missionIds: [], now: at(5) }, claim)).to.equal(
      undefined,
    );
  });

  it('claims a batch: up to the limit, claimable longest first, each run once', async () => {
    const mission = await missionInNewWorkspace();
    const seeded = [];
    for (let i = 0; i < 5; i++) seeded.push(await seedRun(world, mission, at(5 - i)));
    const oldestFirst = [...seeded].reverse().map((run) => run.id);
    // Long leases: no later test's sweep of every workspace finds them.
    const claim = (run: Run) => run.claim(WORKER, at(10), 3600);
    const criteria = { workspaceId: mission.workspaceId, now: at(10) };

    const first = await world.runs.claimOldest({ ...criteria, limit: 3 }, claim);
    expect(first.runs.map((run) => run.id)).to.deep.equal(oldestFirst.slice(0, 3));
    expect(first.runs.map((run) => run.status)).to.deep.equal(['running', 'running', 'running']);
    expect(first.leasesExpired).to.equal(false);
    const rest = await world.runs.claimOldest({ ...criteria, limit: 100 }, claim);
    expect(
      rest.runs.map((run) => run.id),
      'fewer left than asked',
    ).to.deep.equal(oldestFirst.slice(3));
    expect((await world.runs.claimOldest({ ...criteria, limit: 100 }, claim)).runs).to.deep.equal([]);
    for (const run of [...first.runs, ...rest.runs])
      expect(await world.runs.findById(run.id)).to.deep.equal(run);
  });

  it('never hands out more runs of a capped group than its limit, however large the batch', async () => {
    const { workspace } = await seedUser(world);
    const mission = await seedMission(world, workspace.id, T0, {
      concurrencyLimit: 2,
      concurrencyKey: '/c',
    });
    const runs: Run[] = [];
    for (const [i, c] of ['a', 'a', 'a', 'b', 'b', 'b'].entries())
      runs.push(await seedRun(world, mission, at(i), { c }));
    const claimed = await world.runs.claimOldest(
      { workspaceId: workspace.id, now: at(10), limit: 100 },
      (r) => r.claim(WORKER, at(10), 3600),
    );
    expect(claimed.runs.map((run) => run.id)).to.deep.equal([0, 1, 3, 4].map((i) => runs[i]?.id));
  });

  it('tells a claim whether the workspace has expired leases, claimable runs or not', async () => {
    const mission = await missionInNewWorkspace();
    const held = await seedRun(world, mission, at(0));
    await seedRun(world, mission, at(1));
    await world.runs.update(held.id, (r) => r.claim(WORKER, at(0), 30));
    const criteria = (now: Date) => ({ workspaceId: mission.workspaceId, now, limit: 1 });
    const claimAt = (now: Date) => (run: Run) => run.claim(WORKER, now, 3600);
    expect((await world.runs.claimOldest(criteria(at(29)), claimAt(at(29)))).leasesExpired).to.equal(false);
    const expired = await world.runs.claimOldest(criteria(at(30)), claimAt(at(30)));
    expect(expired.leasesExpired, 'none claimable, one lease expired').to.equal(true);
    expect(expired.runs).to.deep.equal([]);
    const other = await missionInNewWorkspace();
    expect(
      (await world.runs.claimOldest({ ...criteria(at(30)), workspaceId: other.workspaceId }, claimAt(at(30))))
        .leasesExpired,
      'another workspace',
    ).to.equal(false);
    await world.runs.update(held.id, (r) => r.cancel(at(31))); // nothing left for later tests' sweeps
  });

  it('stores a change the domain accepts, and nothing when it throws', async () => {
    const mission = await missionInNewWorkspace();
    const run = await seedRun(world, mission);
    const changed = await world.runs.update(run.id, (r) => r.claim(WORKER, at(1), 60));
    expect(changed?.leaseExpiresAt).to.deep.equal(at(61));
    const completed = await world.runs.update(run.id, (r) =>
      r.complete(WORKER, { status: 'succeeded', output: { answer: 42 } }, at(2)),
    );
    expect(await world.runs.findById(run.id)).to.deep.equal(completed);
    expect(completed).to.include({ status: 'succeeded', leaseOwner: null });
    expect(completed?.output).to.deep.equal({ answer: 42 });

    const refused = await world.runs.update(run.id, (r) => r.cancel(at(3))).catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(Conflict);
    expect(await world.runs.findById(run.id)).to.deep.equal(completed);
    expect(await world.runs.update(randomUUID(), (r) => r.cancel(at(3)))).to.equal(undefined);
  });

  it('expires only leases that ran out, within the workspace and limit asked for', async () => {
    const mission = await missionInNewWorkspace();
    const foreign = await missionInNewWorkspace();
    const runs = [
      await seedRun(world, mission, at(0)),
      await seedRun(world, mission, at(1)),
      await seedRun(world, mission, at(2)),
      await seedRun(world, foreign, at(3)),
    ];
    for (const [i, run] of runs.entries()) {
      await world.runs.update(run.id, (r) => r.claim(WORKER, at(10), i === 2 ? 600 : 30));
    }
    const expire = (run: Run) => run.expireLease(at(100), 3);
    const one = await world.runs.expireLeases(
      at(100),
      { limit: 1, workspaceId: mission.workspaceId },
      expire,
    );
    expect(one).to.have.lengthOf(1);
    const rest = await world.runs.expireLeases(
      at(100),
      { limit: 10, workspaceId: mission.workspaceId },
      expire,
    );
    expect([...one, ...rest].map((r) => r.id).sort()).to.deep.equal([runs[0]!.id, runs[1]!.id].sort());
    for (const run of [...one, ...rest]) {
      expect(await world.runs.findById(run.id)).to.deep.include({
        status: 'queued',
        attempt: 2,
        leaseOwner: null,
      });
    }
    expect((await world.runs.findById(runs[2]!.id))?.status).to.equal('running');
    expect((await world.runs.findById(runs[3]!.id))?.status).to.equal('running');
    const everywhere = await world.runs.expireLeases(at(100), { limit: 10 }, expire);
    expect(everywhere.map((r) => r.id)).to.include(runs[3]!.id);
  });

  it('claims only due runs, the one claimable longest first', async () => {
    const { workspace } = await seedUser(world);
    const mission = await seedMission(world, workspace.id, T0, { maxAttempts: 3, retryBackoffSeconds: 60 });
    const retried = await seedRun(world, mission, at(0));
    const later = await seedRun(world, mission, at(1));
    await world.runs.update(retried.id, (r) => r.claim(WORKER, at(2), 30));
    await world.runs.update(retried.id, (r) =>
      r.complete(WORKER, { status: 'failed', retryable: true }, at(3)),
    );
    const claim = (now: Date) =>
      claimOne({ workspaceId: workspace.id, now }, (r) => r.claim(WORKER, now, 30));
    expect((await claim(at(4)))?.id, 'the retry waits until at(63)').to.equal(later.id);
    expect(await claim(at(62))).to.equal(undefined);
    const again = await claim(at(63));
    expect(again).to.deep.include({ id: retried.id, attempt: 2, notBefore: at(63) });
  });

  it('admits capped runs per group, and hands a freed slot to the oldest waiting run of that group', async () => {
    const { workspace } = await seedUser(world);
    const mission = await seedMission(world, workspace.id, T0, {
      concurrencyLimit: 1,
      concurrencyKey: '/c',
    });
    const a1 = await seedRun(world, mission, at(1), { c: 'a' });
    const a2 = await seedRun(world, mission, at(2), { c: 'a' });
    const a3 = await seedRun(world, mission, at(3), { c: 'a' });
    const b1 = await seedRun(world, mission, at(4), { c: 'b' });
    const admitted = async () =>
      (await Promise.all([a1, a2, a3, b1].map((r) => world.runs.findById(r.id)))).map((r) => r?.admitted);
    expect(await admitted()).to.deep.equal([true, false, false, true]);
    expect(a1.admitted, 'add tells the caller').to.equal(true);

    const claim = () =>
      claimOne({ workspaceId: workspace.id, now: at(10) }, (r) => r.claim(WORKER, at(10), 30));
    expect((await claim())?.id).to.equal(a1.id);
    expect((await claim())?.id, 'a2 waits: a1 holds the slot of "a"').to.equal(b1.id);
    expect(await claim()).to.equal(undefined);

    // Cancelling a waiting run frees nothing; finishing a1 admits the oldest still waiting, a3.
    await world.runs.update(a2.id, (r) => r.cancel(at(11)));
    expect(await admitted()).to.deep.equal([true, false, false, true]);
    await world.runs.update(a1.id, (r) => r.complete(WORKER, { status: 'succeeded' }, at(12)));
    expect(await admitted()).to.deep.equal([false, false, true, true]);
    expect((await claim())?.id).to.equal(a3.id);

    // A lease sweep that fails the holder frees its slot too.
    const c1 = await seedRun(world, mission, at(13), { c: 'a' });
    await world.runs.expireLeases(at(100), { limit: 10, workspaceId: workspace.id }, (r) =>
      r.expireLease(at(100), 1),
    );
    expect((await world.runs.findById(a3.id))?.status).to.equal('failed');
    expect((await world.runs.findById(c1.id))?.admitted).to.equal(true);
  });

  it('tells whether a mission has queued or running runs, and deleting the mission deletes its runs', async () => {
    const mission = await missionInNewWorkspace();
    expect(await world.runs.hasActiveRuns(mission.id)).to.equal(false);
    const run = await seedRun(world, mission);
    expect(await world.runs.hasActiveRuns(mission.id)).to.equal(true);
    await world.runs.update(run.id, (r) => r.cancel(at(1)));
    expect(await world.runs.hasActiveRuns(mission.id)).to.equal(false);
    await world.missions.delete(mission.id);
    expect(await world.runs.findById(run.id)).to.equal(undefined);
  });
});

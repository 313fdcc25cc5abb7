import { expect } from 'chai';
import { Forbidden, InvalidInput } from '../../../../src/domain/kernel/errors.ts';
import type { RunPolicyChanges } from '../../../../src/domain/missions/run-policy.ts';
import { RunCancelled } from '../../../../src/domain/runs/run-status.ts';
import { fail } from '../../../support/fail.ts';
import { joinWorkspace } from '../../../support/members.ts';
import { actor, principal, useCases } from '../../../support/test-container.ts';

describe('mission run policy (use cases, in memory)', () => {
  async function setup(policy: RunPolicyChanges = {}, env: Record<string, string> = {}) {
    const app = await useCases({ env });
    const ada = await actor(app, 'ada');
    const workspaceId = ada.personal.id;
    const mission = await app.createMission(ada.principal, { workspaceId, name: 'm', policy });
    const worker = (name: string) => principal(ada.user.id, name);
    const claim = (name = 'w1') => app.claimRun(worker(name), { workspaceId, leaseSeconds: 60 });
    // A second apart: runs queued in one millisecond are claimed in id order, which is random.
    const start = async (input: object = {}) => {
      app.clock.advance(1);
      return app.startRun(ada.principal, mission.id, { input });
    };
    return { app, ada, workspaceId, mission, worker, claim, start };
  }

  it('creates, reads and changes a mission policy; members cannot change it; bad values are refused', async () => {
    const { app, ada, mission, workspaceId } = await setup({ timeoutSeconds: 30 });
    expect(mission.policy).to.deep.equal({
      timeoutSeconds: 30,
      maxAttempts: null,
      retryBackoffSeconds: null,
      concurrencyLimit: null,
      concurrencyKey: null,
    });
    const changed = await app.updateMission(ada.principal, mission.id, {
      policy: { maxAttempts: 4, concurrencyLimit: 2, concurrencyKey: '/body/customer_id' },
    });
    expect(changed.policy).to.deep.include({ timeoutSeconds: 30, maxAttempts: 4, concurrencyLimit: 2 });
    expect((await app.getMission(ada.principal, mission.id)).policy).to.deep.equal(changed.policy);
    const bob = await actor(app, 'bob');
    await joinWorkspace(
      app,
      ada.principal,
      workspaceId,
      { principal: bob.principal, login: 'bob' },
      'member',
    );
    expect(await fail(app.updateMission(bob.principal, mission.id, { policy: {} }))).to.be.instanceOf(
      Forbidden,
    );
    expect(
      await fail(app.updateMission(ada.principal, mission.id, { policy: { concurrencyLimit: null } })),
    ).to.be.instanceOf(InvalidInput);
    expect(
      await fail(
        app.createMission(ada.principal, { workspaceId, name: 'x', policy: { timeoutSeconds: -1 } }),
      ),
    ).to.be.instanceOf(InvalidInput);
  });

  it('retries a retryable failure after 10 s, 20 s, ... (the default backoff) while attempts remain', async () => {
    const { app, start, claim, worker } = await setup({ maxAttempts: 3 });
    const run = await start();
    for (const [attempt, wait] of [
      [1, 10],
      [2, 20],
    ] as const) {
      expect(await claim()).to.include({ id: run.id, attempt });
      const failed = await app.completeRun(worker('w1'), run.id, {
        status: 'failed',
        retryable: true,
        error: { code: 'upstream_503', message: 'try later' },
      });
      expect(failed).to.deep.include({
        status: 'queued',
        attempt: attempt + 1,
        notBefore: new Date(app.clock.now().getTime() + wait * 1000),
        error: { code: 'upstream_503', message: 'try later' },
      });
      app.clock.advance(wait - 1);
      expect(await claim(), 'still backing off').to.equal(undefined);
      app.clock.advance(1);
    }
    expect(await claim()).to.include({ id: run.id, attempt: 3 });
    const last = await app.completeRun(worker('w1'), run.id, { status: 'failed', retryable: true });
    expect(last).to.include({ status: 'failed', attempt: 3 });
  });

  it("counts lost leases as attempts: the mission's max_attempts when set, else RUN_MAX_ATTEMPTS", async () => {
    const { app, start, claim } = await setup(
      { maxAttempts: 2, retryBackoffSeconds: 5 },
      { RUN_MAX_ATTEMPTS: '9' },
    );
    const run = await start();
    await claim();
    app.clock.advance(60);
    await app.expireRunLeases();
    app.clock.advance(5);
    expect(await claim()).to.include({ id: run.id, attempt: 2 });
    app.clock.advance(60);
    const [failed] = await app.expireRunLeases();
    expect(failed).to.deep.include({
      id: run.id,
      status: 'failed',
      error: { code: 'lease_expired', message: 'the worker lease expired on attempt 2' },
    });
  });

  it('ends a running attempt past its timeout as failed with error.code "timeout", through the lease sweep', async () => {
    const { app, start, claim, worker } = await setup({ timeoutSeconds: 90, maxAttempts: 5 });
    const run = await start();
    const claimed = await claim();
    expect(claimed?.leaseExpiresAt).to.deep.equal(new Date(app.clock.now().getTime() + 60_000));
    app.clock.advance(50);
    const beat = await app.heartbeatRun(worker('w1'), run.id, { leaseSeconds: 120 });
    expect(beat.leaseExpiresAt, 'never past the timeout').to.deep.equal(
      new Date(app.clock.now().getTime() + 40_000),
    );
    app.clock.advance(40);
    expect(await claim('w2'), 'a claim sweeps the workspace first').to.equal(undefined);
    expect(await app.getRun(worker('w1'), run.id)).to.deep.include({
      status: 'failed',
      attempt: 1,
      error: { code: 'timeout', message: 'the attempt ran past its 90 s timeout' },
    });
  });

  it('caps running runs per mission: the others stay queued and do not hold back other missions', async () => {
    const { app, ada, workspaceId, start, claim, worker } = await setup({ concurrencyLimit: 2 });
    const runs = [await start(), await start(), await start()];
    const other = await app.createMission(ada.principal, { workspaceId, name: 'other' });
    app.clock.advance(1);
    const free = await app.startRun(ada.principal, other.id, {});
    const claimed = [await claim(), await claim(), await claim()].map((r) => r?.id);
    expect(claimed).to.deep.equal([runs[0]?.id, runs[1]?.id, free.id]);
    expect(await claim()).to.equal(undefined);
    await app.completeRun(worker('w1'), runs[0]?.id as string, { status: 'succeeded' });
    expect((await claim())?.id).to.equal(runs[2]?.id);
  });

  it('caps per value of the concurrency key; a cancelled running run frees its slot at once', async () => {
    const { app, ada, start, claim } = await setup({ concurrencyLimit: 1, concurrencyKey: '/customer' });
    const a1 = await start({ customer: 'a' });
    const a2 = await start({ customer: 'a' });
    const b1 = await start({ customer: 'b' });
    const none = await start({});
    expect([await claim(), await claim(), await claim()].map((r) => r?.id)).to.deep.equal([
      a1.id,
      b1.id,
      none.id,
    ]);
    expect(await claim()).to.equal(undefined);
    await app.cancelRun(ada.principal, a1.id);
    expect((await claim())?.id).to.equal(a2.id);
  });

  it('tells the worker of a cancelled run on its next heartbeat or completion (409 run_cancelled)', async () => {
    const { app, ada, start, claim, worker } = await setup();
    const run = await start();
    await claim();
    const cancelled = await app.cancelRun(ada.principal, run.id);
    expect(cancelled).to.include({ status: 'cancelled', leaseOwner: null });
    for (const call of [
      app.heartbeatRun(worker('w1'), run.id, {}),
      app.completeRun(worker('w1'), run.id, { status: 'succeeded' }),
    ]) {
      expect(await fail(call))
        .to.be.instanceOf(RunCancelled)
        .with.property('code', 'run_cancelled');
    }
    expect((await app.getRun(ada.principal, run.id)).status).to.equal('cancelled');
  });

  it('applies a policy change to runs queued afterwards', async () => {
    const { app, ada, mission, start, claim } = await setup({ concurrencyLimit: 1 });
    const first = await start();
    const waiting = await start();
    await app.updateMission(ada.principal, mission.id, { policy: { concurrencyLimit: null } });
    const fresh = await start();
    expect([await claim(), await claim()].map((r) => r?.id)).to.deep.equal([first.id, fresh.id]);
    expect((await app.getRun(ada.principal, waiting.id)).status).to.equal('queued');
  });
});

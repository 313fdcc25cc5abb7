import { expect } from 'chai';
import { createLogger } from '../../../src/adapters/platform/system/logger.ts';
import { RunLeaseSweeper } from '../../../src/adapters/runs/run-lease-sweeper.ts';
import { FixedClock } from '../../support/auth-fakes.ts';
import { actor, twoInstancesOnPostgres, principal as worker } from '../../support/test-container.ts';

describe('timeouts through the lease sweeper, two instances on one PostgreSQL database', () => {
  it('ends every timed-out attempt exactly once, whichever instance sweeps it', async function () {
    this.timeout(60_000);
    const clock = new FixedClock();
    const instances = await twoInstancesOnPostgres(clock);
    const [a, b] = instances;
    const owner = await actor(a);
    const workspaceId = owner.personal.id;
    const timed = await a.createMission(owner.principal, {
      workspaceId,
      name: 'timed',
      policy: { timeoutSeconds: 30, maxAttempts: 5 },
    });
    const untimed = await a.createMission(owner.principal, { workspaceId, name: 'untimed' });
    const runs = [];
    for (let i = 0; i < 120; i++) runs.push(await a.startRun(owner.principal, timed.id, { input: { i } }));
    const slow = await a.startRun(owner.principal, untimed.id, {});
    for (let i = 0; i < 121; i++) {
      // Each worker's heartbeat would keep its lease for an hour: only the timeout ends the attempt.
      const w = worker(owner.user.id, `w${i}`);
      const run = await (i % 2 ? a : b).claimRun(w, { workspaceId, leaseSeconds: 3600 });
      await (i % 2 ? b : a).heartbeatRun(w, run?.id as string, { leaseSeconds: 3600 });
    }
    clock.advance(29);
    const sweepers = instances.map(
      (cradle) =>
        new RunLeaseSweeper({
          expireRunLeases: cradle.expireRunLeases,
          logger: createLogger('silent'),
          intervalSeconds: 0,
        }),
    );
    expect(await Promise.all(sweepers.map((s) => s.sweep()))).to.deep.equal([0, 0]);
    clock.advance(1);
    // Both instances sweep at once, in batches small enough to interleave.
    const changed = await Promise.all(
      instances.flatMap((cradle) => [1, 2, 3].map(() => cradle.expireRunLeases({ limit: 7 }))),
    );
    const more = await Promise.all(sweepers.map((s) => s.sweep()));
    const ids = changed.flat().map((run) => run.id);
    expect(new Set(ids).size, 'no run changed twice').to.equal(ids.length);
    expect(ids.length + more.reduce((sum, n) => sum + n, 0)).to.equal(120);
    for (const run of runs) {
      // The run's log shows the one change that ended it, whichever instance made it.
      const statuses = (await a.runEvents.list(run.id, 0, 10)).map((event) => event.message);
      expect(statuses).to.deep.equal(['queued', 'running', 'failed']);
      expect(await b.getRun(owner.principal, run.id)).to.deep.include({
        status: 'failed',
        attempt: 1,
        finishedAt: clock.now(),
        error: { code: 'timeout', message: 'the attempt ran past its 30 s timeout' },
      });
    }
    expect((await a.getRun(owner.principal, slow.id)).status, 'no timeout, lease alive').to.equal('running');
  });
});

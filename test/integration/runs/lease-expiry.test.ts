import { expect } from 'chai';
import { createLogger } from '../../../src/adapters/platform/system/logger.ts';
import { RunLeaseSweeper } from '../../../src/adapters/runs/run-lease-sweeper.ts';
import type { ExpireRunLeases } from '../../../src/application/runs/expire-run-leases.ts';
import { Conflict } from '../../../src/domain/kernel/errors.ts';
import { LeaseNotHeld } from '../../../src/domain/runs/lease.ts';
import { fail } from '../../support/fail.ts';
import { seedMission, seedUser } from '../../support/persistence-world.ts';
import { testContainer, principal as worker } from '../../support/test-container.ts';

for (const persistence of ['memory', 'postgres'] as const) {
  describe(`lease expiry and retry (${persistence}, fixed clock)`, () => {
    async function setup(maxAttempts = 3) {
      const env = { RUN_MAX_ATTEMPTS: String(maxAttempts), RUN_LEASE_SECONDS: '60' };
      const cases = (await testContainer({ persistence, env })).cradle;
      const { user, workspace } = await seedUser(cases);
      const mission = await seedMission(cases, workspace.id);
      const owner = worker(user.id, 'owner-session');
      const run = await cases.startRun(owner, mission.id, {});
      return {
        cases,
        workspaceId: workspace.id,
        a: worker(user.id, 'worker-a'),
        b: worker(user.id, 'worker-b'),
        run,
      };
    }

    it('an expired lease puts the run back in the queue with attempt + 1, and a claim after the backoff gets it', async () => {
      const { cases, workspaceId, a, b, run } = await setup();
      const first = await cases.claimRun(a, { workspaceId, leaseSeconds: 30 });
      expect(first).to.include({ id: run.id, attempt: 1, leaseOwner: 'worker-a' });
      cases.clock.advance(29);
      expect(await cases.claimRun(b, { workspaceId })).to.equal(undefined);
      cases.clock.advance(1);
      // Taken back now; the default backoff (10 s) keeps it queued until then.
      expect(await cases.claimRun(b, { workspaceId })).to.equal(undefined);
      expect(await cases.getRun(a, run.id)).to.deep.include({
        status: 'queued',
        attempt: 2,
        notBefore: new Date(cases.clock.now().getTime() + 10_000),
        error: { code: 'lease_expired', message: 'the worker lease expired on attempt 1' },
      });
      cases.clock.advance(10);
      const second = await cases.claimRun(b, { workspaceId, leaseSeconds: 30 });
      expect(second).to.include({ id: run.id, status: 'running', attempt: 2, leaseOwner: 'worker-b' });
      expect(second?.startedAt).to.deep.equal(cases.clock.now());

      // The first worker lost the run: its heartbeat and completion are conflicts, and change nothing.
      expect(await fail(cases.heartbeatRun(a, run.id, {}))).to.be.instanceOf(LeaseNotHeld);
      expect(await fail(cases.completeRun(a, run.id, { status: 'succeeded' }))).to.be.instanceOf(
        LeaseNotHeld,
      );
      const done = await cases.completeRun(b, run.id, { status: 'succeeded', output: { ok: true } });
      expect(done).to.deep.include({ status: 'succeeded', attempt: 2, error: null });
    });

    it('heartbeats keep a lease alive past its first expiry', async () => {
      const { cases, workspaceId, a, run } = await setup();
      await cases.claimRun(a, { workspaceId, leaseSeconds: 30 });
      for (let i = 0; i < 5; i++) {
        cases.clock.advance(20);
        await cases.heartbeatRun(a, run.id, { leaseSeconds: 30 });
      }
      expect((await cases.expireRunLeases()).map((r) => r.id)).to.not.include(run.id);
      expect((await cases.getRun(a, run.id)).status).to.equal('running');
      cases.clock.advance(30);
      expect(await fail(cases.heartbeatRun(a, run.id, {})), 'expired, not yet swept').to.be.instanceOf(
        LeaseNotHeld,
      );
      expect(await fail(cases.completeRun(a, run.id, { status: 'succeeded' }))).to.be.instanceOf(
        LeaseNotHeld,
      );
    });

    it('fails the run once the last attempt expires, and the periodic sweep does it without any claim', async () => {
      const { cases, workspaceId, a, b, run } = await setup(2);
      await cases.claimRun(a, { workspaceId, leaseSeconds: 10 });
      cases.clock.advance(10);
      expect(await cases.expireRunLeases()).to.have.lengthOf(1);
      cases.clock.advance(10);
      expect(await cases.claimRun(b, { workspaceId, leaseSeconds: 10 })).to.include({ attempt: 2 });
      cases.clock.advance(11);
      const sweeper = new RunLeaseSweeper({
        expireRunLeases: cases.expireRunLeases as ExpireRunLeases,
        logger: createLogger('silent'),
        intervalSeconds: 0,
      });
      expect(await sweeper.sweep()).to.be.at.least(1);
      const failed = await cases.getRun(a, run.id);
      expect(failed).to.deep.include({
        status: 'failed',
        attempt: 2,
        leaseOwner: null,
        leaseExpiresAt: null,
        error: { code: 'lease_expired', message: 'the worker lease expired on attempt 2' },
      });
      expect(failed.finishedAt).to.deep.equal(cases.clock.now());
      expect(await cases.claimRun(a, { workspaceId })).to.equal(undefined);
      expect(await fail(cases.cancelRun(a, run.id))).to.be.instanceOf(Conflict);
    });
  });
}

import { expect } from 'chai';
import { Conflict, type DomainError, InvalidInput } from '../../../../src/domain/kernel/errors.ts';
import { LeaseNotHeld } from '../../../../src/domain/runs/lease.ts';
import { Run } from '../../../../src/domain/runs/run.ts';
import { canTransition, RUN_STATUSES, type RunStatus } from '../../../../src/domain/runs/run-status.ts';

const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const WORKER = 'session-1';

const LEGAL = new Set([
  'queued->running',
  'queued->cancelled',
  'running->succeeded',
  'running->failed',
  'running->cancelled',
  'running->queued',
]);

function queued(): Run {
  return Run.queue({
    id: 'r1',
    missionId: 'm1',
    workspaceId: 'w1',
    triggerType: 'manual',
    input: { a: 1 },
    now: T0,
  });
}

/** A run brought into `status` through legal moves only. */
function runIn(status: RunStatus): Run {
  const run = queued();
  if (status === 'queued') return run;
  if (status === 'cancelled') {
    run.cancel(at(1));
    return run;
  }
  run.claim(WORKER, at(1), 30);
  if (status === 'succeeded') run.complete(WORKER, { status: 'succeeded' }, at(2));
  if (status === 'failed') run.complete(WORKER, { status: 'failed' }, at(2));
  return run;
}

/** Every way to move a run, with the state it leads to (heartbeat stays running). */
const OPERATIONS: { name: string; to: RunStatus; apply: (run: Run) => void }[] = [
  { name: 'claim', to: 'running', apply: (run) => run.claim(WORKER, at(5), 30) },
  { name: 'heartbeat', to: 'running', apply: (run) => run.heartbeat(WORKER, at(5), 30) },
  {
    name: 'complete(succeeded)',
    to: 'succeeded',
    apply: (run) => run.complete(WORKER, { status: 'succeeded' }, at(5)),
  },
  {
    name: 'complete(failed)',
    to: 'failed',
    apply: (run) => run.complete(WORKER, { status: 'failed' }, at(5)),
  },
  { name: 'cancel', to: 'cancelled', apply: (run) => run.cancel(at(5)) },
  { name: 'expireLease(retry)', to: 'queued', apply: (run) => run.expireLease(at(100), 3) },
  { name: 'expireLease(last attempt)', to: 'failed', apply: (run) => run.expireLease(at(100), 1) },
];

describe('run state machine', () => {
  describe('transition table', () => {
    for (const from of RUN_STATUSES) {
      for (const to of RUN_STATUSES) {
        const legal = LEGAL.has(`${from}->${to}`);
        it(`${from} -> ${to} is ${legal ? 'legal' : 'illegal'}`, () => {
          expect(canTransition(from, to)).to.equal(legal);
        });
      }
    }
  });

  describe('every operation from every state', () => {
    for (const operation of OPERATIONS) {
      for (const from of RUN_STATUSES) {
        const legal =
          operation.name === 'heartbeat' ? from === 'running' : LEGAL.has(`${from}->${operation.to}`);
        it(`${operation.name} on a ${from} run ${legal ? `-> ${operation.to}` : 'is a 409 conflict'}`, () => {
          const run = runIn(from);
          const before = new Run(run);
          if (legal) {
            operation.apply(run);
            expect(run.status).to.equal(operation.to);
            const leased = run.status === 'running';
            expect(run.leaseOwner !== null, 'lease owner only while running').to.equal(leased);
            expect(run.leaseExpiresAt !== null, 'lease expiry only while running').to.equal(leased);
            expect(run.finishedAt !== null, 'finished_at once finished').to.equal(
              ['succeeded', 'failed', 'cancelled'].includes(run.status),
            );
          } else {
            const error = (() => {
              try {
                operation.apply(run);
              } catch (caught) {
                return caught;
              }
            })();
            expect(error).to.be.instanceOf(Conflict);
            expect((error as DomainError).kind).to.equal('conflict');
            // A worker call about a cancelled run names it (run_cancelled): the worker should stop.
            const workerCall = ['heartbeat', 'complete(succeeded)', 'complete(failed)'].includes(
              operation.name,
            );
            const code = from === 'cancelled' && workerCall ? 'run_cancelled' : 'conflict';
            expect((error as DomainError).code).to.equal(code);
            expect(run).to.deep.equal(before);
          }
        });
      }
    }
  });

  describe('rules around the transitions', () => {
    it('queues a manual run at attempt 1 with its input, and a webhook run naming its trigger and delivery', () => {
      expect(queued()).to.deep.include({ status: 'queued', attempt: 1, input: { a: 1 }, triggerId: null });
      const hook = Run.queue({
        id: 'r2',
        missionId: 'm1',
        workspaceId: 'w1',
        triggerType: 'webhook',
        triggerId: 't1',
        deliveryId: 'd1',
        now: T0,
      });
      expect(hook).to.deep.include({
        triggerType: 'webhook',
        triggerId: 't1',
        deliveryId: 'd1',
        input: null,
      });
      const bad = [
        { triggerType: 'webhook' as const, triggerId: 't1' },
        { triggerType: 'manual' as const, deliveryId: 'd1' },
        { triggerType: 'manual' as const, input: [1, 2] },
        { triggerType: 'manual' as const, input: { big: 'x'.repeat(64 * 1024) } },
      ];
      for (const props of bad) {
        expect(() => Run.queue({ id: 'r', missionId: 'm', workspaceId: 'w', now: T0, ...props })).to.throw(
          InvalidInput,
        );
      }
    });

    it('claims for a lease of 5 s to 1 h, and heartbeats extend it from now', () => {
      expect(() => queued().claim(WORKER, T0, 4)).to.throw(InvalidInput);
      expect(() => queued().claim(WORKER, T0, 3601)).to.throw(InvalidInput);
      const run = queued();
      run.claim(WORKER, at(10), 30);
      expect(run).to.deep.include({ leaseOwner: WORKER, leaseExpiresAt: at(40), startedAt: at(10) });
      run.heartbeat(WORKER, at(35), 60);
      expect(run.leaseExpiresAt).to.deep.equal(at(95));
    });

    it('lets only the lease holder heartbeat or complete, and only before the lease ends', () => {
      const run = runIn('running');
      expect(() => run.heartbeat('other', at(2), 30)).to.throw(LeaseNotHeld, /another worker/);
      expect(() => run.complete('other', { status: 'succeeded' }, at(2))).to.throw(LeaseNotHeld);
      expect(() => run.heartbeat(WORKER, at(31), 30)).to.throw(LeaseNotHeld, /expired/);
      expect(() => run.complete(WORKER, { status: 'failed' }, at(31))).to.throw(LeaseNotHeld);
      expect(run.status).to.equal('running');
    });

    it('expires a lease only after it ended; retries after the backoff up to the maximum, then fails', () => {
      const run = runIn('running');
      expect(() => run.expireLease(at(30), 3)).to.throw(InvalidInput);
      run.expireLease(at(31), 3);
      expect(run).to.deep.include({
        status: 'queued',
        attempt: 2,
        leaseOwner: null,
        finishedAt: null,
        notBefore: at(41),
      });
      run.claim(WORKER, at(41), 30);
      expect(() => run.expireLease(at(70), 3)).to.throw(InvalidInput);
      run.expireLease(at(71), 3);
      expect(run.notBefore, 'the second retry waits twice as long').to.deep.equal(at(91));
      run.claim(WORKER, at(91), 30);
      run.expireLease(at(121), 3);
      expect(run).to.deep.include({ status: 'failed', attempt: 3, finishedAt: at(121) });
      expect(run.error).to.deep.equal({
        code: 'lease_expired',
        message: 'the worker lease expired on attempt 3',
      });
    });

    it('stores the outcome: output for any result, an error only for failures', () => {
      const ok = runIn('running');
      ok.complete(WORKER, { status: 'succeeded', output: { rows: 3 } }, at(2));
      expect(ok).to.deep.include({ status: 'succeeded', output: { rows: 3 }, error: null });
      expect(() =>
        runIn('running').complete(WORKER, { status: 'succeeded', error: { message: 'x' } }, at(2)),
      ).to.throw(InvalidInput);
      expect(() =>
        runIn('running').complete(WORKER, { status: 'failed', error: { message: '  ' } }, at(2)),
      ).to.throw(InvalidInput);
      const bad = runIn('running');
      bad.complete(WORKER, { status: 'failed', error: { message: ' boom ', code: 'tool_error' } }, at(2));
      expect(bad.error).to.deep.equal({ code: 'tool_error', message: 'boom' });
    });
  });
});

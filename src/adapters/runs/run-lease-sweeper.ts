import type { Logger } from 'pino';
import type { ExpireRunLeases } from '../../application/runs/expire-run-leases.ts';
import { loggedSweep, PeriodicJob } from '../platform/system/periodic-job.ts';

const BATCH = 500;
const MAX_BATCHES_PER_SWEEP = 20;

/**
 * Takes back expired worker leases every `intervalSeconds`, and so ends timed-out attempts (a lease never
 * outlasts its attempt's timeout). Every instance may run it: each run is changed by the one sweep that locks
 * it (the others skip it), and the domain refuses a second change. Claims also sweep their workspace. One
 * sweep at a time; the timer never keeps the process alive.
 */
export class RunLeaseSweeper extends PeriodicJob<number> {
  constructor(deps: { expireRunLeases: ExpireRunLeases; logger: Logger; intervalSeconds: number }) {
    const sweep = loggedSweep(deps.logger, async (limit) => (await deps.expireRunLeases({ limit })).length, {
      batch: BATCH,
      maxBatches: MAX_BATCHES_PER_SWEEP,
      done: 'expired run leases and timed-out attempts taken back',
      failed: 'run lease sweep failed; retrying at the next interval',
    });
    super(sweep, deps.intervalSeconds * 1000, 'run-lease-sweeper');
  }

  /** One sweep over every workspace; returns how many runs it requeued or failed (timeouts included). */
  sweep(): Promise<number> {
    return this.run();
  }
}

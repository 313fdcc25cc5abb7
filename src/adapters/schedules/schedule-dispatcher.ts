import type { Logger } from 'pino';
import type { FireDueSchedules } from '../../application/schedules/fire-due-schedules.ts';
import { loggedSweep, PeriodicJob } from '../platform/system/periodic-job.ts';

const BATCH = 100;
const MAX_BATCHES_PER_TICK = 20;

/**
 * Fires due schedules every `intervalSeconds`. Every instance may run it: a due schedule is locked by the one
 * that fires it (the others skip it), and one run per fire time is all a unique constraint lets through.
 */
export class ScheduleDispatcher extends PeriodicJob<number> {
  constructor(deps: { fireDueSchedules: FireDueSchedules; logger: Logger; intervalSeconds: number }) {
    const fire = loggedSweep(deps.logger, async (limit) => (await deps.fireDueSchedules({ limit })).length, {
      batch: BATCH,
      maxBatches: MAX_BATCHES_PER_TICK,
      done: 'scheduled runs queued',
      failed: 'firing schedules failed; retrying at the next tick',
    });
    super(fire, deps.intervalSeconds * 1000, 'schedule-dispatcher');
  }

  /** Starts the periodic ticks, with a first one now (a no-op when the interval is 0). */
  override start(): void {
    super.start({ runNow: true });
  }

  /** Fires what is due now; returns how many runs it queued. */
  tick(): Promise<number> {
    return this.run();
  }
}

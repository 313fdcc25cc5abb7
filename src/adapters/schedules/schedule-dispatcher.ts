import type { Logger } from 'pino';
import type { FireDueSchedules } from '../../application/schedules/fire-due-schedules.ts';
import { PeriodicJob } from '../platform/system/periodic-job.ts';

const BATCH = 100;
const MAX_BATCHES_PER_TICK = 20;

/**
 * Fires due schedules every `intervalSeconds`. Every instance may run it: a due schedule is locked by the one
 * that fires it (the others skip it), and one run per fire time is all a unique constraint lets through.
 */
export class ScheduleDispatcher {
  readonly #job: PeriodicJob<number>;

  constructor(deps: { fireDueSchedules: FireDueSchedules; logger: Logger; intervalSeconds: number }) {
    const fireBatches = async () => {
      let total = 0;
      try {
        for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch++) {
          const queued = await deps.fireDueSchedules({ limit: BATCH });
          total += queued.length;
          if (queued.length < BATCH) break;
        }
        if (total > 0) deps.logger.info({ runs: total }, 'scheduled runs queued');
        return total;
      } catch (error) {
        deps.logger.warn({ err: error }, 'firing schedules failed; retrying at the next tick');
        throw error;
      }
    };
    this.#job = new PeriodicJob(fireBatches, deps.intervalSeconds * 1000);
  }

  /** Starts the periodic ticks, with a first one now (a no-op when the interval is 0). */
  start(): void {
    this.#job.start({ runNow: true });
  }

  stop(): Promise<void> {
    return this.#job.stop();
  }

  /** Fires what is due now; returns how many runs it queued. */
  tick(): Promise<number> {
    return this.#job.run();
  }
}

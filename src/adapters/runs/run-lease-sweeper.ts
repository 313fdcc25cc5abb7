import type { Logger } from 'pino';
import type { ExpireRunLeases } from '../../application/runs/expire-run-leases.ts';
import { PeriodicJob } from '../platform/system/periodic-job.ts';

const BATCH = 500;
const MAX_BATCHES_PER_SWEEP = 20;

/**
 * Takes back expired worker leases every `intervalSeconds`, and so ends timed-out attempts (a lease never
 * outlasts its attempt's timeout). Every instance may run it: each run is changed by the one sweep that locks
 * it (the others skip it), and the domain refuses a second change. Claims also sweep their workspace. One
 * sweep at a time; the timer never keeps the process alive.
 */
export class RunLeaseSweeper {
  readonly #expireRunLeases: ExpireRunLeases;
  readonly #logger: Logger;
  readonly #job: PeriodicJob<number>;

  constructor(deps: { expireRunLeases: ExpireRunLeases; logger: Logger; intervalSeconds: number }) {
    this.#expireRunLeases = deps.expireRunLeases;
    this.#logger = deps.logger;
    this.#job = new PeriodicJob(() => this.#sweepBatches(), deps.intervalSeconds * 1000);
  }

  /** Starts the periodic sweep (a no-op when the interval is 0 or it already runs). */
  start(): void {
    this.#job.start();
  }

  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void> {
    return this.#job.stop();
  }

  /** One sweep over every workspace; returns how many runs it requeued or failed (timeouts included). */
  sweep(): Promise<number> {
    return this.#job.run();
  }

  async #sweepBatches(): Promise<number> {
    let total = 0;
    try {
      for (let batch = 0; batch < MAX_BATCHES_PER_SWEEP; batch++) {
        const expired = await this.#expireRunLeases({ limit: BATCH });
        total += expired.length;
        if (expired.length < BATCH) break;
      }
      if (total > 0)
        this.#logger.info({ runs: total }, 'expired run leases and timed-out attempts taken back');
      return total;
    } catch (error) {
      this.#logger.warn({ err: error }, 'run lease sweep failed; retrying at the next interval');
      throw error;
    }
  }
}

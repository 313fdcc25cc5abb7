import type { Logger } from 'pino';
import type { FireDueSchedules } from '../../application/schedules/fire-due-schedules.ts';

const BATCH = 100;
const MAX_BATCHES_PER_TICK = 20;

/**
 * Fires due schedules every `intervalSeconds`. Every instance may run it: a due schedule is locked by the one
 * that fires it (the others skip it), and one run per fire time is all a unique constraint lets through. One
 * tick at a time; the timer never keeps the process alive.
 */
export class ScheduleDispatcher {
  readonly #fireDueSchedules: FireDueSchedules;
  readonly #logger: Logger;
  readonly #intervalMs: number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;

  constructor(deps: { fireDueSchedules: FireDueSchedules; logger: Logger; intervalSeconds: number }) {
    this.#fireDueSchedules = deps.fireDueSchedules;
    this.#logger = deps.logger;
    this.#intervalMs = deps.intervalSeconds * 1000;
  }

  /** Starts the periodic ticks, with a first one now (a no-op when the interval is 0 or it already runs). */
  start(): void {
    if (this.#intervalMs <= 0 || this.#timer) return;
    const tick = () => void this.tick().catch(() => {});
    this.#timer = setInterval(tick, this.#intervalMs);
    this.#timer.unref();
    tick();
  }

  /** Stops the timer and waits for a tick in progress. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => {});
  }

  /** Fires what is due now; returns how many runs it queued. */
  tick(): Promise<number> {
    this.#running ??= this.#fireBatches().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #fireBatches(): Promise<number> {
    let total = 0;
    try {
      for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch++) {
        const queued = await this.#fireDueSchedules({ limit: BATCH });
        total += queued.length;
        if (queued.length < BATCH) break;
      }
      if (total > 0) this.#logger.info({ runs: total }, 'scheduled runs queued');
      return total;
    } catch (error) {
      this.#logger.warn({ err: error }, 'firing schedules failed; retrying at the next tick');
      throw error;
    }
  }
}

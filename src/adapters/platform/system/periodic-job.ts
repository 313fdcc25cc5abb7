import type { Logger } from 'pino';

/** What a periodic job tells of itself: the health check's `jobs` entries. */
export interface JobHealth {
  /** A fixed name (`run-lease-sweeper`): never anything a user chose. */
  readonly name: string;
  readonly intervalMs: number;
  /** Started, with an interval above 0 (`0` turns the job off on an instance). */
  readonly ticking: boolean;
  readonly startedAt: Date | undefined;
  /** When the run in progress began, if one is. */
  readonly runningSince: Date | undefined;
  /** When the last run ended, and whether it threw (jobs that report their own failures never throw). */
  readonly lastEndedAt: Date | undefined;
  readonly lastFailed: boolean;
}

/**
 * Runs `task` every `intervalMs`, one run at a time (a tick while one runs is skipped), with a timer that
 * never keeps the process alive. A failing run is the task's to report; the next tick tries again.
 */
export class PeriodicJob<T> {
  readonly #task: () => Promise<T>;
  readonly #intervalMs: number;
  readonly #name: string;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<T> | undefined;
  #startedAt: Date | undefined;
  #runningSince: Date | undefined;
  #lastEndedAt: Date | undefined;
  #lastFailed = false;

  constructor(task: () => Promise<T>, intervalMs: number, name: string) {
    this.#task = task;
    this.#intervalMs = intervalMs;
    this.#name = name;
  }

  /** Where the job stands, for the health check. */
  health(): JobHealth {
    return {
      name: this.#name,
      intervalMs: this.#intervalMs,
      ticking: this.#timer !== undefined,
      startedAt: this.#startedAt,
      runningSince: this.#runningSince,
      lastEndedAt: this.#lastEndedAt,
      lastFailed: this.#lastFailed,
    };
  }

  /** Starts ticking, with a first run now when `runNow` (a no-op when the interval is 0 or it already ticks). */
  start({ runNow = false }: { runNow?: boolean } = {}): void {
    if (this.#intervalMs <= 0 || this.#timer) return;
    const tick = () => void this.run().catch(() => {});
    this.#timer = setInterval(() => {
      if (!this.#running) tick();
    }, this.#intervalMs);
    this.#timer.unref();
    this.#startedAt = new Date();
    if (runNow) tick();
  }

  /** Stops ticking and waits for the run in progress. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => {});
  }

  /** Runs the task now, or joins the run in progress. */
  run(): Promise<T> {
    if (!this.#running) {
      this.#runningSince = new Date();
      this.#running = this.#task().then(
        (result) => this.#ended(false, result),
        (error: unknown) => this.#ended(true, Promise.reject(error)),
      );
    }
    return this.#running;
  }

  #ended<R>(failed: boolean, result: R): R {
    this.#running = undefined;
    this.#runningSince = undefined;
    this.#lastEndedAt = new Date();
    this.#lastFailed = failed;
    return result;
  }
}

/**
 * Catches up with a backlog a batch at a time: calls `batch` again while it comes back full (`size` items),
 * at most `maxBatches` times, and returns the total, so one run never holds the job forever.
 */
export async function inBatches(
  batch: () => Promise<number>,
  size: number,
  maxBatches = Infinity,
): Promise<number> {
  let total = 0;
  for (let done = 0; done < maxBatches; done++) {
    const count = await batch();
    total += count;
    if (count < size) break;
  }
  return total;
}

/**
 * A periodic sweep of `inBatches` over `step` (handed the batch size, returning how many it handled): a total
 * above 0 is logged with `done`, a failure with `failed` and thrown again (the job retries at its next run).
 */
export function loggedSweep(
  logger: Logger,
  step: (limit: number) => Promise<number>,
  { batch, maxBatches, done, failed }: { batch: number; maxBatches: number; done: string; failed: string },
): () => Promise<number> {
  return async () => {
    try {
      const total = await inBatches(() => step(batch), batch, maxBatches);
      if (total > 0) logger.info({ runs: total }, done);
      return total;
    } catch (error) {
      logger.warn({ err: error }, failed);
      throw error;
    }
  };
}

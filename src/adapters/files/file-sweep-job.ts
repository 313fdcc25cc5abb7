import type { Logger } from '../platform/system/logger.ts';
import { type JobHealth, PeriodicJob } from '../platform/system/periodic-job.ts';

/**
 * Runs a sweep of the files area every `intervalSeconds` on every instance (each sweep is safe with several
 * at once): the expired unfinished uploads, the orphaned bytes. What it removed is logged with `done`, a
 * failure with `failed` (the next interval tries again). The timer never keeps the process alive.
 */
export class FileSweepJob {
  readonly #job: PeriodicJob<void>;

  constructor(deps: {
    sweep: () => Promise<number>;
    logger: Logger;
    intervalSeconds: number;
    /** Its fixed name in the health detail (`upload-sweeper`). */
    name: string;
    done: string;
    failed: string;
  }) {
    this.#job = new PeriodicJob(
      async () => {
        try {
          const swept = await deps.sweep();
          if (swept > 0) deps.logger.info({ swept }, deps.done);
        } catch (error) {
          deps.logger.warn({ err: error }, deps.failed);
        }
      },
      deps.intervalSeconds * 1000,
      deps.name,
    );
  }

  start(): void {
    this.#job.start({ runNow: true });
  }

  stop(): Promise<void> {
    return this.#job.stop();
  }

  health(): JobHealth {
    return this.#job.health();
  }
}

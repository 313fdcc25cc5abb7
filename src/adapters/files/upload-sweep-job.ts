import type { SweepExpiredUploads } from '../../application/files/sweep-expired-uploads.ts';
import type { Logger } from '../platform/system/logger.ts';
import { type JobHealth, PeriodicJob } from '../platform/system/periodic-job.ts';

/**
 * Deletes unfinished uploads past their 24 h every `intervalSeconds`, on every instance (the sweep skips rows
 * another instance holds and each expired upload is taken by one). The timer never keeps the process alive.
 */
export class UploadSweepJob {
  readonly #job: PeriodicJob<void>;

  constructor(deps: { sweepExpiredUploads: SweepExpiredUploads; logger: Logger; intervalSeconds: number }) {
    this.#job = new PeriodicJob(
      async () => {
        try {
          const swept = await deps.sweepExpiredUploads();
          if (swept > 0) deps.logger.info({ swept }, 'expired unfinished uploads deleted');
        } catch (error) {
          deps.logger.warn({ err: error }, 'upload sweep failed; retrying at the next interval');
        }
      },
      deps.intervalSeconds * 1000,
      'upload-sweeper',
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

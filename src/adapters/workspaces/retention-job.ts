import type { ApplyRetention } from '../../application/workspaces/apply-retention.ts';
import type { Logger } from '../platform/system/logger.ts';
import { type JobHealth, PeriodicJob } from '../platform/system/periodic-job.ts';

/**
 * Applies retention every `intervalSeconds` on every instance (instances at once split the rows: each batch
 * skips what another holds). The first pass comes one interval after start, so that instances started
 * together do not all purge at once. The timer never keeps the process alive.
 */
export class RetentionJob {
  readonly #job: PeriodicJob<void>;

  constructor(deps: { applyRetention: ApplyRetention; logger: Logger; intervalSeconds: number }) {
    this.#job = new PeriodicJob(
      async () => {
        try {
          const purged = await deps.applyRetention();
          if (Object.keys(purged).length > 0) deps.logger.info({ purged }, 'retention applied');
        } catch (error) {
          deps.logger.warn({ err: error }, 'retention failed; retrying at the next interval');
        }
      },
      deps.intervalSeconds * 1000,
      'retention',
    );
  }

  start(): void {
    this.#job.start();
  }

  stop(): Promise<void> {
    return this.#job.stop();
  }

  health(): JobHealth {
    return this.#job.health();
  }
}

import type { ExportSignal } from '../../application/exports/ports/export-signal.ts';
import type { RunNextExport } from '../../application/exports/run-next-export.ts';
import type { Logger } from '../platform/system/logger.ts';
import { type JobHealth, PeriodicJob } from '../platform/system/periodic-job.ts';

/**
 * Makes waiting exports on every instance, one at a time: every `intervalSeconds` (exports queued on other
 * instances, and those whose instance stopped mid-way), and at once when this instance queues one (none at all when `intervalSeconds` is 0).
 */
export class ExportRunnerJob implements ExportSignal {
  readonly #job: PeriodicJob<void>;
  readonly #enabled: boolean;
  #queuedMeanwhile = false;

  constructor(deps: { runNextExport: RunNextExport; logger: Logger; intervalSeconds: number }) {
    this.#enabled = deps.intervalSeconds > 0;
    this.#job = new PeriodicJob(
      async () => {
        do {
          this.#queuedMeanwhile = false;
          try {
            while (await deps.runNextExport());
          } catch (error) {
            deps.logger.warn({ err: error }, 'an export failed');
          }
        } while (this.#queuedMeanwhile);
      },
      deps.intervalSeconds * 1000,
      'export-runner',
    );
  }

  start(): void {
    this.#job.start({ runNow: true });
  }

  queued(): void {
    if (!this.#enabled) return;
    this.#queuedMeanwhile = true;
    void this.#job.run();
  }

  stop(): Promise<void> {
    return this.#job.stop();
  }

  health(): JobHealth {
    return this.#job.health();
  }
}

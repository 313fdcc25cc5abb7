import { AsyncResource } from 'node:async_hooks';
import type {
  ScoreEvaluationItems,
  StartEvaluationItems,
} from '../../application/evaluations/evaluation-work.ts';
import type { Logger } from '../platform/system/logger.ts';
import { type JobHealth, PeriodicJob } from '../platform/system/periodic-job.ts';

/**
 * Carries out running evaluations on every instance: every `pollMs` (work of other instances, and items whose
 * scorer stopped mid-way), and at once when nudged (an evaluation created, a run of one finished here). Each
 * pass scores the items whose run finished, then starts pending items, until neither finds work.
 */
export class EvaluationRunnerJob {
  readonly #job: PeriodicJob<void>;
  readonly #enabled: boolean;
  #nudged = false;
  /** The context `start` ran in: nudged work runs there, never inside the transaction of whoever nudged. */
  #scope: AsyncResource | undefined;

  constructor(
    deps: {
      startEvaluationItems: StartEvaluationItems;
      scoreEvaluationItems: ScoreEvaluationItems;
      logger: Logger;
    },
    pollMs: number,
  ) {
    this.#enabled = pollMs > 0;
    this.#job = new PeriodicJob(
      async () => {
        do {
          this.#nudged = false;
          try {
            while ((await deps.scoreEvaluationItems()) + (await deps.startEvaluationItems()) > 0);
          } catch (error) {
            deps.logger.warn({ err: error }, 'an evaluation pass failed');
          }
        } while (this.#nudged);
      },
      pollMs,
      'evaluation-runner',
    );
  }

  start(): void {
    this.#scope = new AsyncResource('EvaluationRunner');
    this.#job.start({ runNow: true });
  }

  /** Looks for work soon: after the current transaction (a nudge inside one must see its commit). */
  nudge(): void {
    const scope = this.#scope;
    if (!this.#enabled || !scope) return;
    this.#nudged = true;
    setTimeout(() => scope.runInAsyncScope(() => void this.#job.run().catch(() => {})), 10).unref();
  }

  stop(): Promise<void> {
    this.#scope = undefined;
    return this.#job.stop();
  }

  health(): JobHealth {
    return this.#job.health();
  }
}

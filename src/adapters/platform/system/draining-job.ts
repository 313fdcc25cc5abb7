import type { Logger } from './logger.ts';
import { type JobHealth, PeriodicJob } from './periodic-job.ts';

export interface DrainingJobOptions {
  /** Does one piece of waiting work; false when none was waiting. */
  readonly next: () => Promise<boolean>;
  readonly logger: Logger;
  /** 0: the job never runs on this instance. */
  readonly intervalSeconds: number;
  readonly name: string;
  /** Logged (with the error) when a piece of work fails. */
  readonly failure: string;
  /** Pieces done at once (default 1): for work that mostly waits (on a model provider, say). */
  readonly concurrency?: number;
}

/**
 * Background work shared by every instance (each piece taken under a lock or lease): drained by `concurrency`
 * loops every `intervalSeconds`, and at once when this instance signals new work (`poke`).
 */
export class DrainingJob {
  readonly #job: PeriodicJob<void>;
  readonly #enabled: boolean;
  #pokedMeanwhile = false;

  constructor(options: DrainingJobOptions) {
    this.#enabled = options.intervalSeconds > 0;
    this.#job = new PeriodicJob(
      async () => {
        do {
          this.#pokedMeanwhile = false;
          const drain = async () => {
            try {
              while (await options.next());
            } catch (error) {
              options.logger.warn({ err: error }, options.failure);
            }
          };
          await Promise.all(Array.from({ length: options.concurrency ?? 1 }, drain));
        } while (this.#pokedMeanwhile);
      },
      options.intervalSeconds * 1000,
      options.name,
    );
  }

  start(): void {
    this.#job.start({ runNow: true });
  }

  /** New work was queued on this instance: drain now rather than at the next tick. */
  poke(): void {
    if (!this.#enabled) return;
    this.#pokedMeanwhile = true;
    void this.#job.run();
  }

  stop(): Promise<void> {
    return this.#job.stop();
  }

  health(): JobHealth {
    return this.#job.health();
  }
}

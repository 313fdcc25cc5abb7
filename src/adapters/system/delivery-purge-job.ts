import type { Logger } from 'pino';
import type { PurgeDeliveryBodies } from '../../application/deliveries/purge-delivery-bodies.ts';

/**
 * Drops webhook bodies past their retention every `intervalSeconds` (every instance may run it: the purge
 * skips rows another instance holds). One purge at a time; the timer never keeps the process alive.
 */
export class DeliveryPurgeJob {
  readonly #purge: PurgeDeliveryBodies;
  readonly #logger: Logger;
  readonly #intervalMs: number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;

  constructor(deps: { purgeDeliveryBodies: PurgeDeliveryBodies; logger: Logger; intervalSeconds: number }) {
    this.#purge = deps.purgeDeliveryBodies;
    this.#logger = deps.logger;
    this.#intervalMs = deps.intervalSeconds * 1000;
  }

  /** Starts the periodic purge, with a first one now (a no-op when the interval is 0 or it already runs). */
  start(): void {
    if (this.#intervalMs <= 0 || this.#timer) return;
    const tick = () => {
      this.#running ??= this.#run().finally(() => {
        this.#running = undefined;
      });
    };
    this.#timer = setInterval(tick, this.#intervalMs);
    this.#timer.unref();
    tick();
  }

  /** Stops the timer and waits for a purge in progress. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  async #run(): Promise<void> {
    try {
      const purged = await this.#purge();
      if (purged.bodies > 0 || purged.entries > 0)
        this.#logger.info(purged, 'webhook delivery retention applied');
    } catch (error) {
      this.#logger.warn({ err: error }, 'webhook delivery purge failed; retrying at the next interval');
    }
  }
}

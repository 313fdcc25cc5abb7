import type { Logger } from 'pino';
import type { DispatchWebhookMessages } from '../../application/webhooks/dispatch-webhook-messages.ts';
import { PeriodicJob } from '../platform/system/periodic-job.ts';

/**
 * Works through the outbound webhook outbox every `intervalMs`: one drain at a time, each dispatching round
 * after round while rounds come back full. Safe with several instances on one database: each round leases
 * its messages (see WebhookMessageRepository.claimDue).
 */
export class WebhookDispatcher {
  readonly #job: PeriodicJob<number>;

  constructor(deps: {
    dispatchWebhookMessages: DispatchWebhookMessages;
    logger: Logger;
    intervalMs: number;
    batchSize: number;
  }) {
    const drain = async () => {
      let total = 0;
      try {
        for (;;) {
          const attempts = await deps.dispatchWebhookMessages();
          total += attempts;
          if (attempts < deps.batchSize) return total;
        }
      } catch (error) {
        deps.logger.warn({ err: error }, 'webhook dispatch failed; retrying at the next interval');
        throw error;
      }
    };
    this.#job = new PeriodicJob(drain, deps.intervalMs);
  }

  start(): void {
    this.#job.start();
  }

  stop(): Promise<void> {
    return this.#job.stop();
  }

  /** Dispatches until a round leases less than a full batch; returns the attempts made. */
  drain(): Promise<number> {
    return this.#job.run();
  }
}

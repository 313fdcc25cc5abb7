import type { Logger } from 'pino';
import type { DispatchWebhookMessages } from '../../application/webhooks/dispatch-webhook-messages.ts';
import { inBatches, PeriodicJob } from '../platform/system/periodic-job.ts';

/**
 * Works through the outbound webhook outbox every `intervalMs`: one drain at a time, each dispatching round
 * after round while rounds come back full. Safe with several instances on one database: each round leases
 * its messages (see WebhookMessageRepository.claimDue).
 */
export class WebhookDispatcher extends PeriodicJob<number> {
  constructor(deps: {
    dispatchWebhookMessages: DispatchWebhookMessages;
    logger: Logger;
    intervalMs: number;
    batchSize: number;
  }) {
    const drain = async () => {
      try {
        return await inBatches(deps.dispatchWebhookMessages, deps.batchSize);
      } catch (error) {
        deps.logger.warn({ err: error }, 'webhook dispatch failed; retrying at the next interval');
        throw error;
      }
    };
    super(drain, deps.intervalMs);
  }

  /** Dispatches until a round leases less than a full batch; returns the attempts made. */
  drain(): Promise<number> {
    return this.run();
  }
}

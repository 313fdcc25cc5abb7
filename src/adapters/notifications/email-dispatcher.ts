import type { Logger } from 'pino';
import type { DispatchEmails } from '../../application/notifications/dispatch-emails.ts';
import { inBatches, PeriodicJob } from '../platform/system/periodic-job.ts';

/**
 * Works through the e-mail outbox every `intervalMs`, round after round while rounds come back full. Safe with
 * several instances on one database: each round leases its e-mails (see EmailOutbox.claimDue).
 */
export class EmailDispatcher extends PeriodicJob<number> {
  constructor(deps: {
    dispatchEmails: DispatchEmails;
    logger: Logger;
    intervalMs: number;
    batchSize: number;
  }) {
    const drain = async () => {
      try {
        return await inBatches(deps.dispatchEmails, deps.batchSize);
      } catch (error) {
        deps.logger.warn({ err: error }, 'e-mail dispatch failed; retrying at the next interval');
        throw error;
      }
    };
    super(drain, deps.intervalMs, 'email-dispatcher');
  }

  /** Dispatches until a round leases less than a full batch; returns the e-mails tried. */
  drain(): Promise<number> {
    return this.run();
  }
}

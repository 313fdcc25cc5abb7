import type { Clock } from '../kernel/ports/clock.ts';
import type { EmailSettings } from './email-settings.ts';
import type { EmailOutbox, LeasedEmail } from './ports/email-outbox.ts';
import type { EmailTransport } from './ports/email-transport.ts';

/** One round of the dispatcher: the number of e-mails tried. */
export type DispatchEmails = () => Promise<number>;

/**
 * Leases the due e-mails (none is held by two dispatchers, whatever the number of instances), tries each
 * once and records the outcome: sent (content erased), retried on the schedule, or given up.
 */
export function makeDispatchEmails(deps: {
  emailOutbox: EmailOutbox;
  emailTransport: EmailTransport;
  emailSettings: EmailSettings;
  clock: Clock;
}): DispatchEmails {
  const { emailSettings: settings } = deps;

  const attempt = async ({ email, lease }: LeasedEmail): Promise<void> => {
    if (!email.content) return;
    try {
      await deps.emailTransport.send(email.content);
      email.recordSent(deps.clock.now());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      email.recordFailure(reason, deps.clock.now(), settings.retryScheduleSeconds);
    }
    await deps.emailOutbox.record(email, lease);
  };

  return async () => {
    const leased = await deps.emailOutbox.claimDue(deps.clock.now(), {
      limit: settings.batchSize,
      leaseSeconds: settings.leaseSeconds,
    });
    await Promise.all(leased.map(attempt));
    return leased.length;
  };
}

import { randomUUID } from 'node:crypto';
import type { EmailOutbox, LeasedEmail } from '../../../application/notifications/ports/email-outbox.ts';
import type { OutgoingEmail } from '../../../domain/notifications/outgoing-email.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { notificationTables } from './notification-tables.ts';

/** The e-mail outbox in the store; a claim leases in one atomic step, as FOR UPDATE SKIP LOCKED does. */
export class InMemoryEmailOutbox extends inMemoryRepository(notificationTables) implements EmailOutbox {
  add(email: OutgoingEmail): Promise<void> {
    return this.atomically((tables) => {
      tables.outgoingEmails.put({ email, lease: null, leasedUntil: null });
    });
  }

  claimDue(
    now: Date,
    { limit, leaseSeconds }: { limit: number; leaseSeconds: number },
  ): Promise<LeasedEmail[]> {
    return this.atomically((tables) => {
      const lease = randomUUID();
      const leasedUntil = new Date(now.getTime() + leaseSeconds * 1000);
      const due = tables.outgoingEmails
        .filter(
          ({ email, leasedUntil: until }) =>
            email.status === 'pending' &&
            email.nextAttemptAt !== null &&
            email.nextAttemptAt <= now &&
            (until === null || until <= now),
        )
        .sort((a, b) => (a.email.nextAttemptAt?.getTime() ?? 0) - (b.email.nextAttemptAt?.getTime() ?? 0))
        .slice(0, limit);
      for (const row of due) tables.outgoingEmails.put({ ...row, lease, leasedUntil });
      return due.map(({ email }) => ({ email, lease }));
    });
  }

  record(email: OutgoingEmail, lease: string): Promise<boolean> {
    return this.atomically((tables) => {
      if (tables.outgoingEmails.get(email.id)?.lease !== lease) return false;
      tables.outgoingEmails.put({ email, lease: null, leasedUntil: null });
      return true;
    });
  }

  findById(id: string): Promise<OutgoingEmail | undefined> {
    return this.atomically((tables) => tables.outgoingEmails.get(id)?.email);
  }
}

import { OutgoingEmail } from '../../../domain/notifications/outgoing-email.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';

/** An e-mail outbox row: the e-mail and the dispatcher lease on it (the columns `lease_token`, `leased_until`). */
export interface OutgoingEmailRow {
  readonly email: OutgoingEmail;
  readonly lease: string | null;
  readonly leasedUntil: Date | null;
}

/** The notifications area's in-memory tables. */
export const notificationTables = inMemoryTables((store) => {
  const outgoingEmails = store.table(
    (row: OutgoingEmailRow) => row.email.id,
    (row) => ({ ...row, email: new OutgoingEmail(row.email) }),
  );
  return { outgoingEmails };
});

import type { OutgoingEmail } from '../../../domain/notifications/outgoing-email.ts';

/** An e-mail handed to one dispatcher: no other one gets it while `lease` runs. */
export interface LeasedEmail {
  readonly email: OutgoingEmail;
  readonly lease: string;
}

/**
 * The e-mails waiting to be sent. `add` joins the surrounding `UnitOfWork` transaction, so an e-mail exists
 * exactly when the change that causes it commits (a rolled-back sign-up sends nothing).
 */
export interface EmailOutbox {
  add(email: OutgoingEmail): Promise<void>;
  /**
   * Leases up to `limit` pending e-mails due at `now` (no lease running), oldest due first, for
   * `leaseSeconds`. Concurrent claims, in any number of processes, lease disjoint sets.
   */
  claimDue(
    now: Date,
    options: { readonly limit: number; readonly leaseSeconds: number },
  ): Promise<LeasedEmail[]>;
  /** Stores the e-mail's new state and ends the lease, only while `lease` still holds it; false otherwise. */
  record(email: OutgoingEmail, lease: string): Promise<boolean>;
  findById(id: string): Promise<OutgoingEmail | undefined>;
}

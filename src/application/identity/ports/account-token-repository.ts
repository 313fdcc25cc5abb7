import type { AccountToken, AccountTokenPurpose } from '../../../domain/identity/account-token.ts';

/** Single-use e-mail tokens, kept as hashes. Joins the surrounding `UnitOfWork` transaction. */
export interface AccountTokenRepository {
  add(token: AccountToken): Promise<void>;
  /**
   * Marks the unused, unexpired token of `purpose` with `tokenHash` used at `now` and returns it; undefined
   * when there is none. Atomic: of two concurrent consumptions of one token exactly one gets it.
   */
  consume(purpose: AccountTokenPurpose, tokenHash: string, now: Date): Promise<AccountToken | undefined>;
  /** Marks every unused token of `purpose` of the user used at `now` (the links already sent stop working). */
  discardAll(userId: string, purpose: AccountTokenPurpose, now: Date): Promise<void>;
}

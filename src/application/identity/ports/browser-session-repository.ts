import type { BrowserSession } from '../../../domain/identity/browser-session.ts';

/** Server-side browser sessions. Deleting is the only way one ends early: nothing revoked is kept. */
export interface BrowserSessionRepository {
  /**
   * Stores the session only if its user exists, is enabled and is still in `session.userEpoch`, checked
   * atomically with the insert (as `LoginSessionRepository.create`); false when nothing was stored. A change
   * of the user deletes the sessions in the same transaction, so none started before it survives.
   */
  create(session: BrowserSession): Promise<boolean>;
  /** The session whose token hashes to `tokenHash` (an indexed lookup), whatever its lifetimes say. */
  findByTokenHash(tokenHash: string): Promise<BrowserSession | undefined>;
  /** Records a request at `now` (a no-op when the session is gone). */
  touch(id: string, now: Date): Promise<void>;
  /** Deletes the session when it belongs to `userId`; true when one was deleted. */
  deleteForUser(userId: string, id: string): Promise<boolean>;
  /** Deletes every session of the user except `keepId` when given; returns how many. */
  deleteAllForUser(userId: string, keepId?: string): Promise<number>;
  /**
   * Deletes the user's sessions that have ended: past `expiresAt` at `now`, or last seen before
   * `lastSeenBefore` (the idle cut-off). Returns how many.
   */
  deleteEndedForUser(userId: string, now: Date, lastSeenBefore: Date): Promise<number>;
  /** The user's sessions not past their absolute end at `now`, newest first (at most 200). */
  listForUser(userId: string, now: Date): Promise<BrowserSession[]>;
}

import type { LoginSession } from '../../../domain/identity/login-session.ts';

/** A session as a token check or a refresh reads it: with its user's security epoch now. */
export interface SessionInUse {
  readonly session: LoginSession;
  readonly userEpoch: number;
}

export interface LoginSessionRepository {
  /**
   * Stores the session only if its user exists, is enabled and is still in `session.userEpoch`, checked
   * atomically with the insert: a login whose credentials were checked before a disable or a password change
   * that commits first stores nothing, and a change committing after it finds the session to revoke. False
   * when nothing was stored.
   */
  create(session: LoginSession): Promise<boolean>;
  findById(id: string): Promise<LoginSession | undefined>;
  /**
   * The session with its user's current security epoch, read in one round trip: every authenticated API
   * call and every refresh reads this. Undefined for an unknown session.
   */
  findInUse(id: string): Promise<SessionInUse | undefined>;
  /**
   * Atomically moves a live session from `fromGeneration` to `fromGeneration + 1` and records the use
   * (compare-and-set); false when another request rotated it first, it was revoked meanwhile, or its user has
   * left the session's security epoch.
   */
  rotate(id: string, fromGeneration: number, now: Date): Promise<boolean>;
  /** Marks the session revoked (idempotent: an already revoked session keeps its first reason). */
  revoke(id: string, reason: string, now: Date): Promise<void>;
  /** Revokes every live session of the user, except `keepId` when given; returns how many. */
  revokeAllForUser(userId: string, reason: string, now: Date, keepId?: string): Promise<number>;
  /** Unrevoked sessions of the user not past their absolute lifetime, newest first. */
  listForUser(userId: string, now: Date): Promise<LoginSession[]>;
}

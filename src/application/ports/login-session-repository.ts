import type { LoginSession } from '../../domain/sessions/login-session.ts';

export interface LoginSessionRepository {
  create(session: LoginSession): Promise<void>;
  findById(id: string): Promise<LoginSession | undefined>;
  /**
   * Atomically moves a live session from `fromGeneration` to `fromGeneration + 1` and records the use
   * (compare-and-set); false when another request rotated it first or it was revoked meanwhile.
   */
  rotate(id: string, fromGeneration: number, now: Date): Promise<boolean>;
  /** Marks the session revoked (idempotent: an already revoked session keeps its first reason). */
  revoke(id: string, reason: string, now: Date): Promise<void>;
  /** Revokes every live session of the user, except `keepId` when given; returns how many. */
  revokeAllForUser(userId: string, reason: string, now: Date, keepId?: string): Promise<number>;
  /** Unrevoked sessions of the user not past their absolute lifetime, newest first. */
  listForUser(userId: string, now: Date): Promise<LoginSession[]>;
}

/**
 * An API login: created by a successful login, kept alive by refresh-token rotation, ended by logout,
 * revocation, reuse detection or its lifetimes. Access tokens name it in their `sid` claim.
 */
export interface LoginSessionProps {
  readonly id: string;
  readonly userId: string;
  /** The user's security epoch when the session started (see `User.securityEpoch`). */
  readonly userEpoch: number;
  readonly createdAt: Date;
  readonly lastUsedAt: Date;
  readonly expiresAt: Date;
  readonly userAgent: string | null;
  readonly ip: string | null;
  readonly generation: number;
  readonly rotatedAt: Date | null;
  readonly revokedAt: Date | null;
  readonly revokedReason: string | null;
}

export interface SessionLifetimes {
  /** Absolute lifetime from login (seconds). */
  readonly absoluteSeconds: number;
  /** Lifetime without any refresh (seconds). */
  readonly idleSeconds: number;
  /** How long the immediate parent of the current refresh token still yields the same successor. */
  readonly graceSeconds: number;
}

export class LoginSession {
  id!: string;
  userId!: string;
  userEpoch!: number;
  createdAt!: Date;
  lastUsedAt!: Date;
  expiresAt!: Date;
  userAgent!: string | null;
  ip!: string | null;
  generation!: number;
  rotatedAt!: Date | null;
  revokedAt!: Date | null;
  revokedReason!: string | null;

  constructor(props: LoginSessionProps) {
    Object.assign(this, props);
  }

  static start(
    props: { id: string; userId: string; userEpoch: number; userAgent: string | null; ip: string | null },
    now: Date,
    lifetimes: SessionLifetimes,
  ): LoginSession {
    return new LoginSession({
      ...props,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + lifetimes.absoluteSeconds * 1000),
      generation: 0,
      rotatedAt: null,
      revokedAt: null,
      revokedReason: null,
    });
  }

  /** When the session ends if it is not used again: the idle end, capped by the absolute end. */
  endsAt(lifetimes: SessionLifetimes): Date {
    const idleEnd = this.lastUsedAt.getTime() + lifetimes.idleSeconds * 1000;
    return new Date(Math.min(idleEnd, this.expiresAt.getTime()));
  }

  /**
   * Live: not revoked, not past its absolute lifetime, used (logged in or refreshed) recently enough, and its
   * user still in the security epoch it started in (`userEpoch`, the user's as read now): a disable or a new
   * password that a login in flight raced past still ends the session it started.
   */
  isActive(now: Date, lifetimes: SessionLifetimes, userEpoch: number): boolean {
    return (
      this.revokedAt === null &&
      this.userEpoch === userEpoch &&
      now.getTime() < this.endsAt(lifetimes).getTime()
    );
  }

  /** The session as a successful rotation left it (the repository's compare-and-set records the same). */
  rotated(now: Date): LoginSession {
    return new LoginSession({ ...this, generation: this.generation + 1, rotatedAt: now, lastUsedAt: now });
  }

  /**
   * What presenting the refresh token of `generation` means (RFC 9700 rotation with reuse detection):
   * the current token rotates; the immediate parent inside the grace window yields the same successor
   * (concurrent tabs); any other token is a reuse, and the whole session must be revoked. `userEpoch` is the
   * user's security epoch as read now.
   */
  judgeRefresh(
    generation: number,
    now: Date,
    lifetimes: SessionLifetimes,
    userEpoch: number,
  ): RefreshVerdict {
    if (!this.isActive(now, lifetimes, userEpoch)) return { kind: 'inactive' };
    if (generation === this.generation) return { kind: 'rotate', next: this.generation + 1 };
    const graceEnds = (this.rotatedAt?.getTime() ?? 0) + lifetimes.graceSeconds * 1000;
    if (generation === this.generation - 1 && now.getTime() <= graceEnds) {
      return { kind: 'reissue', current: this.generation };
    }
    return { kind: 'reuse' };
  }
}

export type RefreshVerdict =
  | { readonly kind: 'rotate'; readonly next: number }
  | { readonly kind: 'reissue'; readonly current: number }
  | { readonly kind: 'reuse' }
  | { readonly kind: 'inactive' };

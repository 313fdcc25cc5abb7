import { constantTimeEqual } from './constant-time-equal.ts';

/**
 * A person signed in to the web application. The browser holds only an opaque random token in a cookie; the
 * server keeps its hash, so a copy of the database cannot be replayed as a cookie. It is a different thing
 * from an API login session: it never yields nor accepts a bearer token.
 */
export interface BrowserSessionProps {
  readonly id: string;
  readonly userId: string;
  /** The user's security epoch at sign-in: the session is stored only while the user is still in it. */
  readonly userEpoch: number;
  readonly tokenHash: string;
  /** The synchronizer token every state-changing form of this session must carry. */
  readonly csrfToken: string;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  /** The absolute end: createdAt plus the absolute lifetime. */
  readonly expiresAt: Date;
  readonly userAgent: string | null;
  readonly ip: string | null;
}

export interface BrowserSessionLifetimes {
  /** Lifetime without any request (seconds). */
  readonly idleSeconds: number;
  /** Lifetime from sign-in, however active (seconds). */
  readonly absoluteSeconds: number;
}

/** `lastSeenAt` is written at most this often: a page view is not worth a database write each time. */
const TOUCH_INTERVAL_MS = 60_000;

export class BrowserSession {
  id!: string;
  userId!: string;
  userEpoch!: number;
  tokenHash!: string;
  csrfToken!: string;
  createdAt!: Date;
  lastSeenAt!: Date;
  expiresAt!: Date;
  userAgent!: string | null;
  ip!: string | null;

  constructor(props: BrowserSessionProps) {
    Object.assign(this, props);
  }

  static start(
    props: Omit<BrowserSessionProps, 'createdAt' | 'lastSeenAt' | 'expiresAt'>,
    now: Date,
    lifetimes: BrowserSessionLifetimes,
  ): BrowserSession {
    return new BrowserSession({
      ...props,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + lifetimes.absoluteSeconds * 1000),
    });
  }

  /** When the session ends if no further request comes: the idle end, capped by the absolute end. */
  endsAt(lifetimes: BrowserSessionLifetimes): Date {
    const idleEnd = this.lastSeenAt.getTime() + lifetimes.idleSeconds * 1000;
    return new Date(Math.min(idleEnd, this.expiresAt.getTime()));
  }

  isActive(now: Date, lifetimes: BrowserSessionLifetimes): boolean {
    return now.getTime() < this.endsAt(lifetimes).getTime();
  }

  /** True when `lastSeenAt` is stale enough to be worth writing again. */
  needsTouch(now: Date): boolean {
    return now.getTime() - this.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS;
  }

  /** The CSRF check of a submitted form: the token must be this session's own (compared in constant time). */
  acceptsCsrfToken(submitted: string | undefined): boolean {
    return submitted !== undefined && constantTimeEqual(submitted, this.csrfToken);
  }
}

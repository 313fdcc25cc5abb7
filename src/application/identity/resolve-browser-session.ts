import type { BrowserSession, BrowserSessionLifetimes } from '../../domain/identity/browser-session.ts';
import type { User } from '../../domain/identity/user.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { BrowserSessionRepository } from './ports/browser-session-repository.ts';
import type { SessionTokens } from './ports/session-tokens.ts';
import type { UserRepository } from './ports/user-repository.ts';

/** A live browser session and the person it signs in. */
export interface CurrentBrowserSession {
  readonly session: BrowserSession;
  readonly user: User;
}

export type ResolveBrowserSession = (token: string) => Promise<CurrentBrowserSession | undefined>;

/** Tokens are 43 base64url characters; anything far off is not looked up at all. */
const PLAUSIBLE_TOKEN = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * The browser session a cookie token names, when it is still live and its user may still sign in; otherwise
 * undefined. An ended session found on the way is deleted, so a replayed cookie finds nothing next time.
 */
export function makeResolveBrowserSession(deps: {
  browserSessions: BrowserSessionRepository;
  users: UserRepository;
  sessionTokens: SessionTokens;
  clock: Clock;
  browserSessionLifetimes: BrowserSessionLifetimes;
}): ResolveBrowserSession {
  return async (token) => {
    if (!PLAUSIBLE_TOKEN.test(token)) return undefined;
    const session = await deps.browserSessions.findByTokenHash(deps.sessionTokens.hash(token));
    if (!session) return undefined;
    const now = deps.clock.now();
    const user = session.isActive(now, deps.browserSessionLifetimes)
      ? await deps.users.findById(session.userId)
      : undefined;
    if (!user || user.disabled) {
      await deps.browserSessions.deleteForUser(session.userId, session.id);
      return undefined;
    }
    if (session.needsTouch(now)) {
      await deps.browserSessions.touch(session.id, now);
      session.lastSeenAt = now;
    }
    return { session, user };
  };
}

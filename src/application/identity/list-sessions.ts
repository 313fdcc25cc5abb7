import type { LoginSession, SessionLifetimes } from '../../domain/identity/login-session.ts';
import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { LoginSessionRepository } from './ports/login-session-repository.ts';
import type { UserRepository } from './ports/user-repository.ts';

export interface SessionView {
  readonly session: LoginSession;
  readonly current: boolean;
}

export type ListSessions = (principal: Principal) => Promise<SessionView[]>;

/** The caller's live login sessions, newest first, marking the one the caller is using. */
export function makeListSessions(deps: {
  loginSessions: LoginSessionRepository;
  users: UserRepository;
  clock: Clock;
  sessionLifetimes: SessionLifetimes;
}): ListSessions {
  return async (caller) => {
    const principal = personOf(caller);
    const now = deps.clock.now();
    const [sessions, user] = await Promise.all([
      deps.loginSessions.listForUser(principal.userId, now),
      deps.users.findById(principal.userId),
    ]);
    if (!user) return [];
    return sessions
      .filter((session) => session.isActive(now, deps.sessionLifetimes, user.securityEpoch))
      .map((session) => ({ session, current: session.id === principal.sessionId }));
  };
}

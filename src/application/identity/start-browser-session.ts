import { InvalidCredentials } from '../../domain/identity/auth-errors.ts';
import { BrowserSession, type BrowserSessionLifetimes } from '../../domain/identity/browser-session.ts';
import type { User } from '../../domain/identity/user.ts';
import { type AuditEvent, type AuditLog, sessionEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { BrowserSessionRepository } from './ports/browser-session-repository.ts';
import type { SessionTokens } from './ports/session-tokens.ts';

export interface SignedIn {
  /** The new cookie value; only its hash is stored. */
  readonly token: string;
  readonly session: BrowserSession;
}

export interface BrowserSessionRequest {
  readonly ip: string;
  readonly userAgent: string | null;
  /** The session token the browser already held, if any: that session ends here. */
  readonly previousToken: string | undefined;
}

/** Starts a browser session for a user whose identity was just proven (password, or a provider). */
export type StartBrowserSession = (
  user: User,
  request: BrowserSessionRequest,
  details: AuditEvent['details'],
) => Promise<SignedIn>;

/**
 * A brand-new server-side session. A token the browser already held is never adopted, and its session is
 * deleted, so a cookie planted before sign-in is worthless after it (session fixation).
 */
export function makeStartBrowserSession(deps: {
  browserSessions: BrowserSessionRepository;
  sessionTokens: SessionTokens;
  auditLog: AuditLog;
  clock: Clock;
  ids: IdGenerator;
  browserSessionLifetimes: BrowserSessionLifetimes;
}): StartBrowserSession {
  return async (user, { ip, userAgent, previousToken }, details) => {
    const now = deps.clock.now();
    if (previousToken) {
      const previous = await deps.browserSessions.findByTokenHash(deps.sessionTokens.hash(previousToken));
      if (previous) await deps.browserSessions.deleteForUser(previous.userId, previous.id);
    }
    const idleCutoff = new Date(now.getTime() - deps.browserSessionLifetimes.idleSeconds * 1000);
    await deps.browserSessions.deleteEndedForUser(user.id, now, idleCutoff);

    const token = deps.sessionTokens.newToken();
    const session = BrowserSession.start(
      {
        id: deps.ids.newId(),
        userId: user.id,
        userEpoch: user.securityEpoch,
        tokenHash: deps.sessionTokens.hash(token),
        csrfToken: deps.sessionTokens.newToken(),
        userAgent: userAgent?.slice(0, 512) ?? null,
        ip,
      },
      now,
      deps.browserSessionLifetimes,
    );
    // A disable or a new password that landed after the identity check moved the user on: no session.
    if (!(await deps.browserSessions.create(session))) throw new InvalidCredentials();
    await deps.auditLog.record(
      sessionEvent('login_succeeded', { userId: user.id, sessionId: session.id }, ip, details),
    );
    return { token, session };
  };
}

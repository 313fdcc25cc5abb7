import { InvalidCredentials } from '../../domain/identity/auth-errors.ts';
import { BrowserSession, type BrowserSessionLifetimes } from '../../domain/identity/browser-session.ts';
import type { User } from '../../domain/identity/user.ts';
import { type AuditLog, sessionEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { BrowserSessionRepository } from './ports/browser-session-repository.ts';
import type { SessionTokens } from './ports/session-tokens.ts';

export interface SignedIn {
  /** The new cookie value; only its hash is stored. */
  readonly token: string;
  readonly session: BrowserSession;
}

export interface StartBrowserSessionDeps {
  readonly browserSessions: BrowserSessionRepository;
  readonly sessionTokens: SessionTokens;
  readonly auditLog: AuditLog;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly browserSessionLifetimes: BrowserSessionLifetimes;
}

/**
 * A brand-new server-side session for a user who just proved who they are. A token the browser already held
 * is never adopted, and its session is deleted, so a cookie planted before sign-in is worthless after it
 * (session fixation).
 */
export async function startBrowserSession(
  deps: StartBrowserSessionDeps,
  user: User,
  {
    ip,
    userAgent,
    previousToken,
  }: { ip: string; userAgent: string | null; previousToken: string | undefined },
): Promise<SignedIn> {
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
  // A disable or a new password that landed after the credentials were checked moved the user on: no session.
  if (!(await deps.browserSessions.create(session))) throw new InvalidCredentials();
  await deps.auditLog.record(
    sessionEvent('login_succeeded', { userId: user.id, sessionId: session.id }, ip, { surface: 'browser' }),
  );
  return { token, session };
}

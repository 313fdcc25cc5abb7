import { InvalidCredentials } from '../../domain/identity/auth-errors.ts';
import { LoginSession, type SessionLifetimes } from '../../domain/identity/login-session.ts';
import type { User } from '../../domain/identity/user.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { LoginSessionRepository } from './ports/login-session-repository.ts';
import { issueTokenPair, type TokenPair, type TokenPairDeps } from './token-pair.ts';

export interface StartLoginSessionDeps extends TokenPairDeps {
  readonly loginSessions: LoginSessionRepository;
  readonly auditLog: AuditLog;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly sessionLifetimes: SessionLifetimes;
}

/**
 * Starts an API login session for a user whose credentials were just checked, in their security epoch as that
 * check saw it, and answers its token pair. A disable or a new password that landed while the login was in
 * flight moved the user on: the session is then not stored, and the answer is the one of a disabled account.
 */
export async function startLoginSession(
  deps: StartLoginSessionDeps,
  user: User,
  { ip, userAgent }: { ip: string; userAgent: string | null },
): Promise<TokenPair> {
  const now = deps.clock.now();
  const session = LoginSession.start(
    {
      id: deps.ids.newId(),
      userId: user.id,
      userEpoch: user.securityEpoch,
      userAgent: userAgent?.slice(0, 512) ?? null,
      ip,
    },
    now,
    deps.sessionLifetimes,
  );
  if (!(await deps.loginSessions.create(session))) {
    await deps.auditLog.record({
      type: 'login_failed',
      userId: user.id,
      ip,
      details: { reason: 'user_changed_during_login' },
    });
    throw new InvalidCredentials();
  }
  const pair = await issueTokenPair(deps, session, session.generation, now);
  await deps.auditLog.record({ type: 'login_succeeded', userId: user.id, sessionId: session.id, ip });
  return pair;
}

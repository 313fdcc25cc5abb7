import { InvalidCredentials } from '../../domain/identity/auth-errors.ts';
import { LoginSession, type SessionLifetimes } from '../../domain/identity/login-session.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { LoginSessionRepository } from './ports/login-session-repository.ts';
import { issueTokenPair, type TokenPair, type TokenPairDeps } from './token-pair.ts';
import type { VerifyCredentials } from './verify-credentials.ts';

export interface LogInInput {
  readonly usernameOrEmail: string;
  readonly password: string;
  readonly ip: string;
  readonly userAgent: string | null;
}

export type LogIn = (input: LogInInput) => Promise<TokenPair>;

export interface LogInDeps extends TokenPairDeps {
  readonly verifyCredentials: VerifyCredentials;
  readonly loginSessions: LoginSessionRepository;
  readonly auditLog: AuditLog;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly sessionLifetimes: SessionLifetimes;
}

/**
 * Exchanges a username or e-mail and password for a token pair, starting an API login session in the user's
 * security epoch as the password check saw it. A disable or a new password that lands while this login is in
 * flight moves the user on: the session is then not stored, and the answer is the one of a disabled account.
 */
export function makeLogIn(deps: LogInDeps): LogIn {
  return async ({ usernameOrEmail, password, ip, userAgent }) => {
    const user = await deps.verifyCredentials({ usernameOrEmail, password, ip });
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
  };
}

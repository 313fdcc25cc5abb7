import { InvalidInput } from '../../domain/errors.ts';
import { InvalidCredentials } from '../../domain/sessions/auth-errors.ts';
import { LoginSession, type SessionLifetimes } from '../../domain/sessions/login-session.ts';
import { MAX_PASSWORD_BYTES, passwordByteLength } from '../../domain/users/password-policy.ts';
import { canonicalLogin } from '../../domain/users/user.ts';
import type { AuditLog } from '../ports/audit-log.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { LoginSessionRepository } from '../ports/login-session-repository.ts';
import type { LoginThrottle } from '../ports/login-throttle.ts';
import type { PasswordHasher } from '../ports/password-hasher.ts';
import type { UserRepository } from '../ports/user-repository.ts';
import { issueTokenPair, type TokenPair, type TokenPairDeps } from './token-pair.ts';

export interface LogInInput {
  readonly usernameOrEmail: string;
  readonly password: string;
  readonly ip: string;
  readonly userAgent: string | null;
}

export type LogIn = (input: LogInInput) => Promise<TokenPair>;

export interface LogInDeps extends TokenPairDeps {
  readonly users: UserRepository;
  readonly loginSessions: LoginSessionRepository;
  readonly passwordHasher: PasswordHasher;
  readonly loginThrottle: LoginThrottle;
  readonly auditLog: AuditLog;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly sessionLifetimes: SessionLifetimes;
}

/**
 * Exchanges a username or e-mail and password for a token pair, starting a login session. Unknown user, wrong
 * password and disabled account fail identically and do the same hashing work, so neither the answer nor its
 * timing tells them apart.
 */
export function makeLogIn(deps: LogInDeps): LogIn {
  let dummyHash: Promise<string> | undefined;
  return async ({ usernameOrEmail, password, ip, userAgent }) => {
    // Checked before any hashing: hashing a megabyte-long password is a denial of service.
    if (passwordByteLength(password) > MAX_PASSWORD_BYTES) {
      throw new InvalidInput(`password must be at most ${MAX_PASSWORD_BYTES} bytes`);
    }
    const login = canonicalLogin(usernameOrEmail);
    await deps.loginThrottle.checkLogin(ip, login);

    const user = await deps.users.findByLogin(login);
    dummyHash ??= deps.passwordHasher.hash('not a real password, used to keep timing equal');
    const matches = await deps.passwordHasher.verify(user?.passwordHash ?? (await dummyHash), password);
    if (!user || !matches || user.disabled) {
      await deps.loginThrottle.recordFailure(login);
      await deps.auditLog.record({
        type: 'login_failed',
        userId: user?.id ?? null,
        ip,
        details: { reason: !user ? 'unknown_user' : user.disabled ? 'disabled' : 'wrong_password' },
      });
      throw new InvalidCredentials();
    }
    await deps.loginThrottle.recordSuccess(login);
    if (deps.passwordHasher.needsRehash(user.passwordHash)) {
      await deps.users.updatePasswordHash(user.id, await deps.passwordHasher.hash(password));
    }

    const now = deps.clock.now();
    const session = LoginSession.start(
      { id: deps.ids.newId(), userId: user.id, userAgent: userAgent?.slice(0, 512) ?? null, ip },
      now,
      deps.sessionLifetimes,
    );
    await deps.loginSessions.create(session);
    await deps.auditLog.record({ type: 'login_succeeded', userId: user.id, sessionId: session.id, ip });
    return issueTokenPair(deps, session, session.generation, now);
  };
}

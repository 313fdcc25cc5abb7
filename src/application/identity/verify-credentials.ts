import { InvalidCredentials } from '../../domain/identity/auth-errors.ts';
import { MAX_PASSWORD_BYTES, passwordByteLength } from '../../domain/identity/password-policy.ts';
import { canonicalLogin, type User } from '../../domain/identity/user.ts';
import { InvalidInput } from '../../domain/kernel/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import type { LoginThrottle } from './ports/login-throttle.ts';
import type { PasswordHasher } from './ports/password-hasher.ts';
import type { UserRepository } from './ports/user-repository.ts';

export type VerifyCredentials = (input: {
  usernameOrEmail: string;
  password: string;
  ip: string;
}) => Promise<User>;

export interface VerifyCredentialsDeps {
  readonly users: UserRepository;
  readonly passwordHasher: PasswordHasher;
  readonly loginThrottle: LoginThrottle;
  readonly auditLog: AuditLog;
}

/**
 * The password check shared by both surfaces (API login and browser sign-in). Unknown user, wrong password and
 * disabled account fail identically and do the same hashing work, so neither the answer nor its timing tells
 * them apart. Throttled callers are refused before any hashing; the account is looked up first either way.
 */
export function makeVerifyCredentials(deps: VerifyCredentialsDeps): VerifyCredentials {
  // Only a successful dummy hash is kept: a failure (a full hashing queue) must not poison later logins.
  let dummyHash: string | undefined;
  const dummy = async () => {
    dummyHash ??= await deps.passwordHasher.hash('not a real password, used to keep timing equal');
    return dummyHash;
  };
  return async ({ usernameOrEmail, password, ip }) => {
    // Checked before any hashing: hashing a megabyte-long password is a denial of service.
    if (passwordByteLength(password) > MAX_PASSWORD_BYTES) {
      throw new InvalidInput(`password must be at most ${MAX_PASSWORD_BYTES} bytes`);
    }
    const login = canonicalLogin(usernameOrEmail);
    const user = await deps.users.findByLogin(login);
    // The account's id where there is one: its username and its e-mail are one budget (see LoginThrottle).
    const account = user ? `user:${user.id}` : `name:${login}`;
    await deps.loginThrottle.checkLogin(ip, account);

    const matches = await deps.passwordHasher.verify(user?.passwordHash ?? (await dummy()), password);
    if (!user || !matches || user.disabled) {
      await deps.loginThrottle.recordFailure(ip, account);
      await deps.auditLog.record({
        type: 'login_failed',
        userId: user?.id ?? null,
        ip,
        details: { reason: !user ? 'unknown_user' : user.disabled ? 'disabled' : 'wrong_password' },
      });
      throw new InvalidCredentials();
    }
    await deps.loginThrottle.recordSuccess(ip, account);
    if (deps.passwordHasher.needsRehash(user.passwordHash)) {
      await deps.users.rehashPassword(user.id, user.securityEpoch, await deps.passwordHasher.hash(password));
    }
    return user;
  };
}

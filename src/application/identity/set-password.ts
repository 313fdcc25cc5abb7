import { canonicalLogin } from '../../domain/identity/user.ts';
import { NotFound } from '../../domain/kernel/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { checkNewPassword } from './check-new-password.ts';
import type { BrowserSessionRepository } from './ports/browser-session-repository.ts';
import type { CommonPasswords } from './ports/common-passwords.ts';
import type { LoginSessionRepository } from './ports/login-session-repository.ts';
import type { PasswordHasher } from './ports/password-hasher.ts';
import type { UserRepository } from './ports/user-repository.ts';

export type SetPassword = (usernameOrEmail: string, password: string) => Promise<void>;

/**
 * An administrator's password reset: the new password applies at once and every session (API and browser)
 * ends, in one transaction with the move to the user's next security epoch, so a login in flight either
 * stored its session before (and it is revoked here) or finds the new epoch and stores nothing.
 */
export function makeSetPassword(deps: {
  users: UserRepository;
  loginSessions: LoginSessionRepository;
  browserSessions: BrowserSessionRepository;
  passwordHasher: PasswordHasher;
  commonPasswords: CommonPasswords;
  auditLog: AuditLog;
  clock: Clock;
  unitOfWork: UnitOfWork;
}): SetPassword {
  return async (usernameOrEmail, password) => {
    await checkNewPassword(deps.commonPasswords, password);
    const user = await deps.users.findByLogin(canonicalLogin(usernameOrEmail));
    if (!user) throw new NotFound('user');
    const passwordHash = await deps.passwordHasher.hash(password);
    await deps.unitOfWork.transaction(async () => {
      await deps.users.changePassword(user.id, passwordHash);
      await deps.loginSessions.revokeAllForUser(user.id, 'password_changed', deps.clock.now());
      await deps.browserSessions.deleteAllForUser(user.id);
      await deps.auditLog.record({ type: 'password_changed', userId: user.id });
    });
  };
}

import { InvalidCredentials } from '../../domain/identity/auth-errors.ts';
import { WrongCurrentPassword } from '../../domain/identity/browser-errors.ts';
import { InvalidInput } from '../../domain/kernel/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { checkNewPassword } from './check-new-password.ts';
import type { BrowserSessionRepository } from './ports/browser-session-repository.ts';
import type { CommonPasswords } from './ports/common-passwords.ts';
import type { LoginSessionRepository } from './ports/login-session-repository.ts';
import type { PasswordHasher } from './ports/password-hasher.ts';
import type { UserRepository } from './ports/user-repository.ts';
import type { CurrentBrowserSession } from './resolve-browser-session.ts';
import type { VerifyCredentials } from './verify-credentials.ts';

export type ChangePassword = (
  current: CurrentBrowserSession,
  input: { currentPassword: string; newPassword: string; ip: string },
) => Promise<void>;

/**
 * The signed-in user changes their own password. The current password is checked like a sign-in (so the form
 * is throttled like one, and cannot be used to guess it); then every other session ends: all API login
 * sessions and every other browser session. This browser stays signed in.
 */
export function makeChangePassword(deps: {
  verifyCredentials: VerifyCredentials;
  users: UserRepository;
  passwordHasher: PasswordHasher;
  commonPasswords: CommonPasswords;
  browserSessions: BrowserSessionRepository;
  loginSessions: LoginSessionRepository;
  auditLog: AuditLog;
  clock: Clock;
  unitOfWork: UnitOfWork;
}): ChangePassword {
  return async ({ session, user }, { currentPassword, newPassword, ip }) => {
    await checkNewPassword(deps.commonPasswords, newPassword);
    try {
      await deps.verifyCredentials({ usernameOrEmail: user.username, password: currentPassword, ip });
    } catch (error) {
      // An over-long current password cannot be the right one: the same answer as a wrong one.
      const wrong = error instanceof InvalidCredentials || error instanceof InvalidInput;
      throw wrong ? new WrongCurrentPassword() : error;
    }
    const passwordHash = await deps.passwordHasher.hash(newPassword);
    await deps.unitOfWork.transaction(async () => {
      await deps.users.changePassword(user.id, passwordHash);
      const now = deps.clock.now();
      const apiSessions = await deps.loginSessions.revokeAllForUser(user.id, 'password_changed', now);
      const browserSessions = await deps.browserSessions.deleteAllForUser(user.id, session.id);
      await deps.auditLog.record({
        type: 'password_changed',
        userId: user.id,
        sessionId: session.id,
        ip,
        details: {
          surface: 'browser',
          api_sessions_ended: apiSessions,
          browser_sessions_ended: browserSessions,
        },
      });
    });
  };
}

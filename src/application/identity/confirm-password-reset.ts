import { InvalidAccountToken } from '../../domain/identity/account-token.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { checkNewPassword } from './check-new-password.ts';
import type { AccountTokenRepository } from './ports/account-token-repository.ts';
import type { BrowserSessionRepository } from './ports/browser-session-repository.ts';
import type { CommonPasswords } from './ports/common-passwords.ts';
import type { LoginSessionRepository } from './ports/login-session-repository.ts';
import type { PasswordHasher } from './ports/password-hasher.ts';
import type { SessionTokens } from './ports/session-tokens.ts';
import type { UserRepository } from './ports/user-repository.ts';

export type ConfirmPasswordReset = (input: {
  token: string;
  newPassword: string;
  ip?: string;
}) => Promise<void>;

/**
 * Sets a new password from a reset link. The password policy is checked before the token is spent (a refused
 * password leaves the link usable); then, in one transaction: the token is spent, the password set, the user
 * moved to the next security epoch with every API and browser session ended, the other reset links voided,
 * and the address marked verified (following the link proved it).
 */
export function makeConfirmPasswordReset(deps: {
  accountTokens: AccountTokenRepository;
  sessionTokens: SessionTokens;
  users: UserRepository;
  passwordHasher: PasswordHasher;
  commonPasswords: CommonPasswords;
  loginSessions: LoginSessionRepository;
  browserSessions: BrowserSessionRepository;
  auditLog: AuditLog;
  unitOfWork: UnitOfWork;
  clock: Clock;
}): ConfirmPasswordReset {
  return async ({ token, newPassword, ip }) => {
    await checkNewPassword(deps.commonPasswords, newPassword);
    const passwordHash = await deps.passwordHasher.hash(newPassword);
    await deps.unitOfWork.transaction(async () => {
      const now = deps.clock.now();
      const spent = await deps.accountTokens.consume('password_reset', deps.sessionTokens.hash(token), now);
      const user = spent && (await deps.users.findById(spent.userId));
      if (!spent || !user || user.disabled || user.email !== spent.email) throw new InvalidAccountToken();
      await deps.users.changePassword(user.id, passwordHash);
      const apiSessions = await deps.loginSessions.revokeAllForUser(user.id, 'password_changed', now);
      const browserSessions = await deps.browserSessions.deleteAllForUser(user.id);
      await deps.accountTokens.discardAll(user.id, 'password_reset', now);
      await deps.users.markEmailVerified(user.id, spent.email, now);
      await deps.auditLog.record({
        type: 'password_reset',
        userId: user.id,
        ip: ip ?? null,
        details: { api_sessions_ended: apiSessions, browser_sessions_ended: browserSessions },
      });
    });
  };
}

import { InvalidAccountToken } from '../../domain/identity/account-token.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { AccountTokenRepository } from './ports/account-token-repository.ts';
import type { SessionTokens } from './ports/session-tokens.ts';
import type { UserRepository } from './ports/user-repository.ts';

export type VerifyEmail = (token: string, actor?: { ip?: string }) => Promise<void>;

/**
 * Spends a verification token: the address it was sent to becomes verified, if the account still has it.
 * An unknown, expired or used token, or one for an address since replaced, is InvalidAccountToken.
 */
export function makeVerifyEmail(deps: {
  accountTokens: AccountTokenRepository;
  sessionTokens: SessionTokens;
  users: UserRepository;
  auditLog: AuditLog;
  unitOfWork: UnitOfWork;
  clock: Clock;
}): VerifyEmail {
  return (token, actor = {}) =>
    deps.unitOfWork.transaction(async () => {
      const now = deps.clock.now();
      const spent = await deps.accountTokens.consume('verify_email', deps.sessionTokens.hash(token), now);
      if (!spent || !(await deps.users.markEmailVerified(spent.userId, spent.email, now))) {
        throw new InvalidAccountToken();
      }
      await deps.auditLog.record({ type: 'email_verified', userId: spent.userId, ip: actor.ip ?? null });
    });
}

import { canonicalLogin } from '../../domain/identity/user.ts';
import { NotFound } from '../../domain/kernel/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { TwoFactorRepository } from './ports/two-factor-repository.ts';
import type { UserRepository } from './ports/user-repository.ts';

/** Whether the user had a second factor (enabled or pending) that is now gone. */
export type ResetTwoFactor = (usernameOrEmail: string) => Promise<boolean>;

/**
 * The operator's way out for a person who lost both their authenticator and their recovery codes (the CLI's
 * `user reset-2fa`): their second factor is deleted, and they log in with the password alone until they enrol
 * again. Their sessions are left as they are.
 */
export function makeResetTwoFactor(deps: {
  users: UserRepository;
  twoFactors: TwoFactorRepository;
  auditLog: AuditLog;
  unitOfWork: UnitOfWork;
}): ResetTwoFactor {
  return async (usernameOrEmail) => {
    const user = await deps.users.findByLogin(canonicalLogin(usernameOrEmail));
    if (!user) throw new NotFound('user');
    return deps.unitOfWork.transaction(async () => {
      const removed = await deps.twoFactors.remove(user.id);
      if (removed) {
        await deps.auditLog.record({ type: 'mfa_disabled', userId: user.id, details: { by: 'operator' } });
      }
      return removed;
    });
  };
}

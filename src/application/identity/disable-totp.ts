import { InvalidCredentials } from '../../domain/identity/auth-errors.ts';
import { InvalidMfaCode, TwoFactorNotEnabled } from '../../domain/identity/two-factor.ts';
import { InvalidInput, NotFound } from '../../domain/kernel/errors.ts';
import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import type { AuditLog } from '../audit/index.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { TwoFactorRepository } from './ports/two-factor-repository.ts';
import type { UserRepository } from './ports/user-repository.ts';
import type { VerifyCredentials } from './verify-credentials.ts';
import type { VerifySecondFactor } from './verify-second-factor.ts';

export type DisableTotp = (
  caller: Principal,
  input: { password: string; code: string; ip: string },
) => Promise<void>;

/**
 * Turns the caller's two-factor login off (a pending enrolment too), given their password and a code (from the
 * app, or a recovery code): a stolen access token alone cannot. Both are checked, and throttled, as at login;
 * a wrong one is the same InvalidMfaCode either way.
 */
export function makeDisableTotp(deps: {
  users: UserRepository;
  twoFactors: TwoFactorRepository;
  verifyCredentials: VerifyCredentials;
  verifySecondFactor: VerifySecondFactor;
  auditLog: AuditLog;
  unitOfWork: UnitOfWork;
}): DisableTotp {
  const wrong = () => new InvalidMfaCode('the password or the code is not correct');
  return async (caller, { password, code, ip }) => {
    const { userId, sessionId } = personOf(caller);
    const user = await deps.users.findById(userId);
    if (!user) throw new NotFound('user');
    if (!(await deps.twoFactors.findByUser(userId))?.enabled) throw new TwoFactorNotEnabled();
    try {
      await deps.verifyCredentials({ usernameOrEmail: user.username, password, ip });
    } catch (error) {
      // An over-long password cannot be the right one: the same answer as a wrong one.
      throw error instanceof InvalidCredentials || error instanceof InvalidInput ? wrong() : error;
    }
    try {
      await deps.verifySecondFactor({ user, code, ip });
    } catch (error) {
      throw error instanceof InvalidMfaCode ? wrong() : error;
    }
    await deps.unitOfWork.transaction(async () => {
      if (!(await deps.twoFactors.remove(userId))) throw new TwoFactorNotEnabled();
      await deps.auditLog.record({ type: 'mfa_disabled', userId, sessionId, ip, details: { by: 'user' } });
    });
  };
}

import { InvalidMfaCode, isTotpCode, normalisedCode, TwoFactor } from '../../domain/identity/two-factor.ts';
import type { User } from '../../domain/identity/user.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { SecretBox } from '../kernel/ports/secret-box.ts';
import type { LoginThrottle } from './ports/login-throttle.ts';
import type { RecoveryCodes } from './ports/recovery-codes.ts';
import type { TotpAuthenticator } from './ports/totp-authenticator.ts';
import type { TwoFactorRepository } from './ports/two-factor-repository.ts';

/** The longest code worth comparing: a recovery code with its hyphen and spaces is far shorter. */
const MAX_CODE_LENGTH = 64;

/**
 * Checks and spends a second-factor code of a user with 2FA enabled: a TOTP code (its time step is then used,
 * so the same code, or any older one, is refused after) or a recovery code (used once). Throws InvalidMfaCode
 * for every failure alike (no second factor, wrong, replayed, used). Throttled like a password, under its own
 * account key, so that knowing the password buys no more guesses at the code.
 */
export type VerifySecondFactor = (input: { user: User; code: string; ip: string }) => Promise<void>;

export function makeVerifySecondFactor(deps: {
  twoFactors: TwoFactorRepository;
  totpAuthenticator: TotpAuthenticator;
  recoveryCodes: RecoveryCodes;
  totpSecretBox: SecretBox;
  loginThrottle: LoginThrottle;
  auditLog: AuditLog;
  clock: Clock;
}): VerifySecondFactor {
  const spend = async (twoFactor: TwoFactor, typed: string, ip: string): Promise<boolean> => {
    if (isTotpCode(typed)) {
      const secret = deps.totpSecretBox.open(
        twoFactor.sealedSecret,
        TwoFactor.sealingContext(twoFactor.userId),
      );
      const step = deps.totpAuthenticator.stepOf(secret, typed, deps.clock.now());
      if (step === undefined || !twoFactor.acceptsStep(step)) return false;
      return deps.twoFactors.useStep(twoFactor.userId, step);
    }
    if (typed.length === 0 || typed.length > MAX_CODE_LENGTH) return false;
    const remaining = await deps.twoFactors.useRecoveryCode(twoFactor.userId, deps.recoveryCodes.hash(typed));
    if (remaining === undefined) return false;
    await deps.auditLog.record({
      type: 'mfa_recovery_code_used',
      userId: twoFactor.userId,
      ip,
      details: { remaining },
    });
    return true;
  };
  return async ({ user, code, ip }) => {
    const account = `mfa:${user.id}`;
    await deps.loginThrottle.checkLogin(ip, account);
    const twoFactor = await deps.twoFactors.findByUser(user.id);
    if (!twoFactor?.enabled || !(await spend(twoFactor, normalisedCode(code), ip))) {
      await deps.loginThrottle.recordFailure(ip, account);
      throw new InvalidMfaCode();
    }
    await deps.loginThrottle.recordSuccess(ip, account);
  };
}

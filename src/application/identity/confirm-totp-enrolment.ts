import {
  InvalidMfaCode,
  isTotpCode,
  normalisedCode,
  RECOVERY_CODE_COUNT,
  TwoFactor,
  TwoFactorNotPending,
} from '../../domain/identity/two-factor.ts';
import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { SecretBox } from '../kernel/ports/secret-box.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { LoginThrottle } from './ports/login-throttle.ts';
import type { RecoveryCodes } from './ports/recovery-codes.ts';
import type { TotpAuthenticator } from './ports/totp-authenticator.ts';
import type { TwoFactorRepository } from './ports/two-factor-repository.ts';

export type ConfirmTotpEnrolment = (
  caller: Principal,
  input: { code: string; ip: string },
) => Promise<readonly string[]>;

/**
 * Turns the caller's pending enrolment on with a first code from the app (proving the app holds the secret),
 * and answers the recovery codes, shown this once: only their hashes are kept. The code's time step counts as
 * used. Wrong codes are throttled like a login's.
 */
export function makeConfirmTotpEnrolment(deps: {
  twoFactors: TwoFactorRepository;
  totpAuthenticator: TotpAuthenticator;
  recoveryCodes: RecoveryCodes;
  totpSecretBox: SecretBox;
  loginThrottle: LoginThrottle;
  auditLog: AuditLog;
  clock: Clock;
  unitOfWork: UnitOfWork;
}): ConfirmTotpEnrolment {
  return async (caller, { code, ip }) => {
    const { userId, sessionId } = personOf(caller);
    const account = `mfa:${userId}`;
    await deps.loginThrottle.checkLogin(ip, account);
    const pending = await deps.twoFactors.findByUser(userId);
    if (!pending || pending.enabled) throw new TwoFactorNotPending();
    const typed = normalisedCode(code);
    const secret = deps.totpSecretBox.open(pending.sealedSecret, TwoFactor.sealingContext(userId));
    const step = isTotpCode(typed)
      ? deps.totpAuthenticator.stepOf(secret, typed, deps.clock.now())
      : undefined;
    if (step === undefined) {
      await deps.loginThrottle.recordFailure(ip, account);
      throw new InvalidMfaCode();
    }
    const codes = deps.recoveryCodes.generate(RECOVERY_CODE_COUNT);
    const hashes = codes.map((recovery) => deps.recoveryCodes.hash(normalisedCode(recovery)));
    await deps.unitOfWork.transaction(async () => {
      const now = deps.clock.now();
      if (!(await deps.twoFactors.enable(userId, pending.sealedSecret, step, hashes, now))) {
        throw new TwoFactorNotPending();
      }
      await deps.auditLog.record({ type: 'mfa_enabled', userId, sessionId, ip, details: { method: 'totp' } });
    });
    await deps.loginThrottle.recordSuccess(ip, account);
    return codes;
  };
}

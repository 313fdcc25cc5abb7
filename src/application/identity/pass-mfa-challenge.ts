import { InvalidCredentials, InvalidToken } from '../../domain/identity/auth-errors.ts';
import { InvalidMfaCode } from '../../domain/identity/two-factor.ts';
import type { User } from '../../domain/identity/user.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { MfaTokens } from './ports/mfa-tokens.ts';
import type { UserRepository } from './ports/user-repository.ts';
import type { VerifySecondFactor } from './verify-second-factor.ts';

export interface MfaChallengeAnswer {
  readonly mfaToken: string;
  readonly code: string;
  readonly ip: string;
}

/**
 * The second step of a login with 2FA, on either surface: the user the `mfa_token` names, once their code is
 * spent. An unknown or expired token, or one from before the user was disabled or given a new password, is
 * InvalidToken (log in again); a wrong, replayed or used code is InvalidCredentials (try another code).
 */
export type PassMfaChallenge = (answer: MfaChallengeAnswer) => Promise<User>;

export function makePassMfaChallenge(deps: {
  mfaTokens: MfaTokens;
  users: UserRepository;
  verifySecondFactor: VerifySecondFactor;
  auditLog: AuditLog;
  clock: Clock;
}): PassMfaChallenge {
  return async ({ mfaToken, code, ip }) => {
    const claim = deps.mfaTokens.read(mfaToken, deps.clock.now());
    const user = claim && (await deps.users.findById(claim.userId));
    if (!user || user.disabled || user.securityEpoch !== claim?.securityEpoch) {
      throw new InvalidToken('the mfa_token is invalid or expired; log in again');
    }
    try {
      await deps.verifySecondFactor({ user, code, ip });
    } catch (error) {
      if (!(error instanceof InvalidMfaCode)) throw error;
      await deps.auditLog.record({
        type: 'login_failed',
        userId: user.id,
        ip,
        details: { reason: 'wrong_code' },
      });
      throw new InvalidCredentials('the code is not correct, or was used already');
    }
    return user;
  };
}

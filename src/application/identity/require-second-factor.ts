import { MFA_TOKEN_SECONDS, MfaRequired } from '../../domain/identity/two-factor.ts';
import type { User } from '../../domain/identity/user.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { MfaTokens } from './ports/mfa-tokens.ts';
import type { TwoFactorRepository } from './ports/two-factor-repository.ts';

/** Throws MfaRequired (with its token) when the user, whose password was just checked, has 2FA enabled. */
export type RequireSecondFactor = (user: User) => Promise<void>;

export function makeRequireSecondFactor(deps: {
  twoFactors: TwoFactorRepository;
  mfaTokens: MfaTokens;
  clock: Clock;
}): RequireSecondFactor {
  return async (user) => {
    const twoFactor = await deps.twoFactors.findByUser(user.id);
    if (!twoFactor?.enabled) return;
    const expiresAt = new Date(deps.clock.now().getTime() + MFA_TOKEN_SECONDS * 1000);
    throw new MfaRequired(
      deps.mfaTokens.issue({ userId: user.id, securityEpoch: user.securityEpoch }, expiresAt),
    );
  };
}

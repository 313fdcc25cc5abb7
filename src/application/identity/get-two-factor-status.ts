import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import type { TwoFactorRepository } from './ports/two-factor-repository.ts';

export interface TwoFactorStatus {
  /** `off`; `pending` (enrolled, not confirmed: login asks nothing yet); `on`. */
  readonly status: 'off' | 'pending' | 'on';
  readonly enabledAt: Date | null;
  /** Recovery codes not used yet (0 unless on). */
  readonly recoveryCodesLeft: number;
}

export type GetTwoFactorStatus = (caller: Principal) => Promise<TwoFactorStatus>;

/** Whether the caller's two-factor login is on, and how many recovery codes they have left. */
export function makeGetTwoFactorStatus(deps: { twoFactors: TwoFactorRepository }): GetTwoFactorStatus {
  return async (caller) => {
    const twoFactor = await deps.twoFactors.findByUser(personOf(caller).userId);
    if (!twoFactor) return { status: 'off', enabledAt: null, recoveryCodesLeft: 0 };
    return {
      status: twoFactor.enabled ? 'on' : 'pending',
      enabledAt: twoFactor.enabledAt,
      recoveryCodesLeft: twoFactor.recoveryCodeHashes.length,
    };
  };
}

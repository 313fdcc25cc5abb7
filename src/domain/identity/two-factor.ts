import { Conflict, DomainError, errorClass } from '../kernel/errors.ts';

/** RFC 6238 parameters every authenticator app understands: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of the current one a code may come from (clock drift, a code typed as it turned). */
export const TOTP_WINDOW_STEPS = 1;
/** Recovery codes issued at confirmation, each good once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the `mfa_token` of a login waiting for its second factor lasts (CONTRACT section 14). */
export const MFA_TOKEN_SECONDS = 300;

/** The RFC 6238 time step `at` falls in. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** A code as typed, without the spaces and hyphens apps and printouts put in, lower case. */
export function normalisedCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** Six digits is a TOTP code; anything else can only be a recovery code. */
export function isTotpCode(normalised: string): boolean {
  return new RegExp(`^[0-9]{${TOTP_DIGITS}}$`).test(normalised);
}

export interface TwoFactorProps {
  readonly userId: string;
  /** The TOTP secret, sealed by the secret box for this user (never stored or logged in clear). */
  readonly sealedSecret: string;
  /** When a first code confirmed the enrolment; null while it is pending (not yet asked at login). */
  readonly enabledAt: Date | null;
  /** The last time step whose code was accepted: that code, and every earlier one, is refused from then on. */
  readonly lastUsedStep: number | null;
  /** Hashes of the recovery codes not used yet. */
  readonly recoveryCodeHashes: readonly string[];
  readonly createdAt: Date;
}

/** A user's TOTP second factor: pending after enrolment, enabled once a first code confirmed it. */
export class TwoFactor {
  userId!: string;
  sealedSecret!: string;
  enabledAt!: Date | null;
  lastUsedStep!: number | null;
  recoveryCodeHashes!: readonly string[];
  createdAt!: Date;

  constructor(props: TwoFactorProps) {
    Object.assign(this, props);
  }

  get enabled(): boolean {
    return this.enabledAt !== null;
  }

  /** Replay protection: a step is accepted once, and never one at or before the last accepted. */
  acceptsStep(step: number): boolean {
    return this.lastUsedStep === null || step > this.lastUsedStep;
  }

  /** The sealing context that binds the sealed secret to its user (a ciphertext moved to another row fails). */
  static sealingContext(userId: string): string {
    return `totp-secret:${userId}`;
  }
}

/** Login succeeded with the password; the second factor is still to come (`POST /api/auth/login/mfa`). */
export class MfaRequired extends DomainError {
  /** Names the login waiting for its second factor (MFA_TOKEN_SECONDS); not a credential on its own. */
  readonly mfaToken: string;

  constructor(mfaToken: string) {
    super(
      'unauthenticated',
      'mfa_required',
      'this account uses two-factor login: send a code from the authenticator app with the mfa_token',
    );
    this.mfaToken = mfaToken;
  }
}

/** A code (or, with it, the password) that does not match: one answer for every reason. */
export class InvalidMfaCode extends errorClass('invalid', 'invalid_code', 'the code is not correct') {}

export class TwoFactorAlreadyEnabled extends Conflict {
  constructor() {
    super('two-factor login is already on; turn it off first to enrol again');
  }
}

export class TwoFactorNotPending extends Conflict {
  constructor() {
    super('there is no two-factor enrolment waiting for confirmation; start one first');
  }
}

export class TwoFactorNotEnabled extends Conflict {
  constructor() {
    super('two-factor login is not on');
  }
}

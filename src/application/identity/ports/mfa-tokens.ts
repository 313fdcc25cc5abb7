/** What an `mfa_token` says: whose password was just checked, in which security epoch. */
export interface MfaClaim {
  readonly userId: string;
  readonly securityEpoch: number;
}

/** The tokens that carry a login from its password check to its second factor. */
export interface MfaTokens {
  /** An opaque, tamper-proof token for `claim` that stops working at `expiresAt`. */
  issue(claim: MfaClaim, expiresAt: Date): string;
  /** The claim of a token made by `issue` and not expired at `now`; undefined for anything else. */
  read(token: string, now: Date): MfaClaim | undefined;
}

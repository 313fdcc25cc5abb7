/** RFC 6238 time-based one-time passwords (SHA-1, 6 digits, 30 s: what authenticator apps expect). */
export interface TotpAuthenticator {
  /** A new random secret (160 bits), base32 as authenticator apps take it. */
  newSecret(): string;
  /** The `otpauth://totp/...` URI an app enrols from: the service as issuer, `accountName` as label. */
  enrolmentUri(secret: string, accountName: string): string;
  /**
   * The time step whose code `code` is, among the steps within `TOTP_WINDOW_STEPS` of `now`'s; undefined when
   * it is none of them. Compares in constant time.
   */
  stepOf(secret: string, code: string, now: Date): number | undefined;
}

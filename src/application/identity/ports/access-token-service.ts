export interface AccessTokenClaims {
  readonly userId: string;
  readonly sessionId: string;
}

export interface IssuedAccessToken {
  readonly token: string;
  /** Seconds until expiry: always 900. */
  readonly expiresIn: number;
}

export interface AccessTokenService {
  issue(claims: AccessTokenClaims): Promise<IssuedAccessToken>;
  /**
   * Verifies signature, algorithm, `typ`, issuer, audience and lifetime. Throws TokenExpired for an expired
   * token and InvalidToken for anything else wrong; never fetches keys from URLs named in the token.
   */
  verify(token: string): Promise<AccessTokenClaims>;
}

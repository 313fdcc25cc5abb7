/** Opaque random tokens for browser sessions and CSRF, and the one-way hash under which a token is stored. */
export interface SessionTokens {
  /** At least 256 random bits from a cryptographic source, URL- and cookie-safe (base64url). */
  newToken(): string;
  /** A deterministic one-way hash (SHA-256, base64url) of a token: what the database keeps. */
  hash(token: string): string;
}

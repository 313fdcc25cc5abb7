export interface PublicJwks {
  readonly keys: readonly Record<string, unknown>[];
}

/** The access-token signing keys, kept in the database so every server instance shares them. */
export interface SigningKeys {
  /** Makes a new key current; the previous one keeps verifying until tokens it signed expire. Returns its kid. */
  rotate(): Promise<string>;
  /** The current and previous public keys (none for HS256, whose key is secret). */
  publicJwks(): Promise<PublicJwks>;
}

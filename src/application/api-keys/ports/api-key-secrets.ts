/** The random parts of new API keys, and the one-way hash under which a key's secret is stored. */
export interface ApiKeySecrets {
  /** 128 bits from a cryptographic source, as 22 base64url characters. */
  newKeyId(): string;
  /** 256 bits from a cryptographic source, as 43 base64url characters. */
  newSecret(): string;
  /** A deterministic one-way hash of a secret (SHA-256): what the database keeps. */
  hash(secret: string): string;
  /** Whether `secret` hashes to `hash`; the comparison takes the same time wherever they differ. */
  matches(secret: string, hash: string): boolean;
}

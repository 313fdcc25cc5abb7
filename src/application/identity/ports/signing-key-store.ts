/** An access-token signing key as stored. */
export interface StoredSigningKey {
  /** Unique across algorithms. */
  readonly kid: string;
  /** The JWS algorithm it signs with (`EdDSA`, `ES256`, `HS256`). */
  readonly algorithm: string;
  /** The public key as a JWK; null for a secret (HS256) key. */
  readonly publicJwk: Readonly<Record<string, unknown>> | null;
  /** The private key (PKCS#8 PEM, or the HS256 secret) sealed with the SecretBox under `signingKeyContext(kid)`. */
  readonly sealedPrivateKey: string;
  readonly createdAt: Date;
  /** When it stopped signing; null while it is the current key of its algorithm. */
  readonly retiredAt: Date | null;
}

/** A key about to be stored: current from the moment it is. */
export type NewSigningKey = Omit<StoredSigningKey, 'retiredAt'>;

/**
 * Where the access-token signing keys are kept, shared by every server instance that shares the storage.
 * Adapters keep at most one current key (`retiredAt` null) per algorithm at any moment, whatever runs
 * concurrently on any instance, and store every value as given (the sealed private key byte for byte).
 */
export interface SigningKeyStore {
  /**
   * The keys of `algorithm` that may still verify tokens: the current one, and those retired strictly after
   * `retiredAfter`; newest first. Keys of other algorithms are never returned.
   */
  usable(algorithm: string, retiredAfter: Date): Promise<StoredSigningKey[]>;
  /**
   * Stores `key` as the current key of its algorithm when that algorithm has none, and otherwise stores
   * nothing; true when stored. Serialised with `rotate` and with itself across every instance, so instances
   * starting together leave exactly one current key.
   */
  addIfNoneCurrent(key: NewSigningKey): Promise<boolean>;
  /**
   * Retires the current key of `key.algorithm` (if any) at `key.createdAt` and stores `key` as the current
   * one, as one step serialised with every other `rotate` and `addIfNoneCurrent` across instances: however
   * many run concurrently, exactly one key of the algorithm is current afterwards. Retired keys are kept.
   */
  rotate(key: NewSigningKey): Promise<void>;
}

/** The associated data a private key is sealed with: a sealed key copied to another kid does not open. */
export function signingKeyContext(kid: string): string {
  return `signing-key:${kid}`;
}

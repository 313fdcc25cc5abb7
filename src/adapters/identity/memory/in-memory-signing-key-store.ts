import type {
  NewSigningKey,
  SigningKeyStore,
  StoredSigningKey,
} from '../../../application/identity/ports/signing-key-store.ts';

/**
 * Signing keys in this process's memory (`PERSISTENCE=memory`): nothing survives a restart, so every token
 * issued before one stops verifying. Each change checks and writes with no await in between, which makes it
 * atomic here as the advisory lock makes it in PostgreSQL.
 */
export class InMemorySigningKeyStore implements SigningKeyStore {
  #keys: StoredSigningKey[] = [];

  async usable(algorithm: string, retiredAfter: Date): Promise<StoredSigningKey[]> {
    return this.#keys
      .filter(
        (key) => key.algorithm === algorithm && (key.retiredAt === null || key.retiredAt > retiredAfter),
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.kid < b.kid ? -1 : 1));
  }

  async addIfNoneCurrent(key: NewSigningKey): Promise<boolean> {
    if (this.#keys.some((stored) => stored.algorithm === key.algorithm && stored.retiredAt === null))
      return false;
    this.#assertNew(key);
    this.#keys.push(stored(key));
    return true;
  }

  async rotate(key: NewSigningKey): Promise<void> {
    this.#assertNew(key);
    this.#keys = this.#keys.map((stored) =>
      stored.algorithm === key.algorithm && stored.retiredAt === null
        ? { ...stored, retiredAt: key.createdAt }
        : stored,
    );
    this.#keys.push(stored(key));
  }

  /** As the primary key does in PostgreSQL. */
  #assertNew(key: NewSigningKey): void {
    if (this.#keys.some((stored) => stored.kid === key.kid)) throw new Error(`signing key ${key.kid} exists`);
  }
}

/** Exactly the port's fields, whatever else the caller's object carries. */
function stored({ kid, algorithm, publicJwk, sealedPrivateKey, createdAt }: NewSigningKey): StoredSigningKey {
  return { kid, algorithm, publicJwk, sealedPrivateKey, createdAt, retiredAt: null };
}

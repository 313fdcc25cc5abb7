import type {
  NewSigningKey,
  SigningKeyStore,
  StoredSigningKey,
} from '../../../application/identity/ports/signing-key-store.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';

interface KeyRow {
  readonly kid: string;
  readonly algorithm: string;
  readonly public_jwk: Record<string, unknown> | null;
  readonly private_key_encrypted: string;
  readonly created_at: string;
  readonly retired_at: string | null;
}

/** Serialises key creation and rotation across every instance sharing the database. */
const LOCK_ID = 0x51_6e_4b_79; // arbitrary, constant

/**
 * Signing keys in the `signing_keys` table. Creation and rotation run in a transaction holding a
 * transaction-scoped advisory lock, so that two instances starting together (or two rotations) cannot both
 * leave a current key behind; the unique partial index on `(algorithm) where retired_at is null` backs it.
 */
export class PostgresSigningKeyStore extends PostgresRepository implements SigningKeyStore {
  async usable(algorithm: string, retiredAfter: Date): Promise<StoredSigningKey[]> {
    const rows = await this.db.query<KeyRow>(
      `select kid, algorithm, public_jwk, private_key_encrypted, created_at, retired_at
         from signing_keys
        where algorithm = $1 and (retired_at is null or retired_at > $2)
        order by created_at desc, kid`,
      [algorithm, retiredAfter],
    );
    return rows.map(toKey);
  }

  addIfNoneCurrent(key: NewSigningKey): Promise<boolean> {
    return this.#locked(async () => {
      // Checked under the lock: another instance may have created one while we waited.
      const current = await this.db.query(
        'select 1 from signing_keys where algorithm = $1 and retired_at is null limit 1',
        [key.algorithm],
      );
      if (current.length > 0) return false;
      await this.#insert(key);
      return true;
    });
  }

  rotate(key: NewSigningKey): Promise<void> {
    return this.#locked(async () => {
      await this.db.query(
        'update signing_keys set retired_at = $1 where algorithm = $2 and retired_at is null',
        [key.createdAt, key.algorithm],
      );
      await this.#insert(key);
    });
  }

  async #insert(key: NewSigningKey): Promise<void> {
    await this.db.query(
      `insert into signing_keys (kid, algorithm, public_jwk, private_key_encrypted, created_at, retired_at)
       values ($1, $2, $3::jsonb, $4, $5, null)`,
      [
        key.kid,
        key.algorithm,
        key.publicJwk && JSON.stringify(key.publicJwk),
        key.sealedPrivateKey,
        key.createdAt,
      ],
    );
  }

  #locked<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(async () => {
      await this.db.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
      return work();
    });
  }
}

function toKey(row: KeyRow): StoredSigningKey {
  return {
    kid: row.kid,
    algorithm: row.algorithm,
    publicJwk: row.public_jwk,
    sealedPrivateKey: row.private_key_encrypted,
    createdAt: new Date(row.created_at),
    retiredAt: row.retired_at === null ? null : new Date(row.retired_at),
  };
}

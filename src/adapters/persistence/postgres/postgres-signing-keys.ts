import { type CryptoKey, importPKCS8, type JWK } from 'jose';
import type { Clock } from '../../../application/ports/clock.ts';
import type { SecretBox } from '../../../application/ports/secret-box.ts';
import type { PublicJwks, SigningKeys } from '../../../application/ports/signing-keys.ts';
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  type AccessTokenAlgorithm,
  type AccessTokenKeys,
  CLOCK_TOLERANCE_SECONDS,
  type SigningKey,
} from '../../auth/jose-access-token-service.ts';
import { generateKey, importHmacSecret, importPublic, publishedJwk } from '../../auth/key-material.ts';
import type { Orm } from './orm.ts';

export interface PostgresSigningKeysOptions {
  readonly orm: Orm;
  readonly secretBox: SecretBox;
  readonly clock: Clock;
  readonly config: { readonly jwt: { readonly algorithm: AccessTokenAlgorithm } };
}

/** A retired key keeps verifying while tokens it signed may be valid (including ones signed by a stale cache). */
const RETIRED_KEY_VALID_MS = (ACCESS_TOKEN_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS) * 1000;

/** How keys are cached in memory (measured on a monotonic clock, not the domain Clock). */
export interface SigningKeysCacheTimings {
  /** How long loaded keys are used before re-reading the table (rotations by other instances show up then). */
  readonly ttlMs: number;
  /** An unknown kid triggers a reload at most this often, so a flood of made-up kids cannot hammer PostgreSQL. */
  readonly unknownKidReloadMs: number;
}

const DEFAULT_TIMINGS: SigningKeysCacheTimings = { ttlMs: 30_000, unknownKidReloadMs: 2_000 };
/** Serialises key creation and rotation across every instance sharing the database. */
const LOCK_ID = 0x51_6e_4b_79; // arbitrary, constant

interface KeyRow {
  readonly kid: string;
  readonly public_jwk: JWK | null;
  readonly private_key_encrypted: string;
  readonly retired_at_ms: number | null;
}

interface LoadedKeys {
  readonly loadedAtMs: number;
  /** Newest first; retired longer than the validity window are not loaded. */
  readonly rows: readonly KeyRow[];
}

/**
 * Access-token signing keys in the `signing_keys` table, shared by every instance: the private key (PKCS#8,
 * or the HS256 secret) sealed with the SecretBox under context `signing-key:<kid>`, the public JWK in clear.
 * One key per algorithm is current (`retired_at is null`); only keys of the configured algorithm are used.
 */
export class PostgresSigningKeys implements SigningKeys, AccessTokenKeys {
  readonly #orm: Orm;
  readonly #box: SecretBox;
  readonly #clock: Clock;
  readonly #algorithm: AccessTokenAlgorithm;
  readonly #timings: SigningKeysCacheTimings;
  #loaded: LoadedKeys | undefined;
  #loading: Promise<LoadedKeys> | undefined;
  /** Loads are numbered so that a slow, older load never replaces a newer one. */
  #loadsStarted = 0;
  #loadStored = 0;
  /** Imported keys by kid: a kid's key material never changes, so importing once is enough. */
  readonly #signing = new Map<string, Promise<CryptoKey | Uint8Array>>();
  readonly #verifying = new Map<string, Promise<CryptoKey | Uint8Array>>();

  constructor(
    { orm, secretBox, clock, config }: PostgresSigningKeysOptions,
    timings: SigningKeysCacheTimings = DEFAULT_TIMINGS,
  ) {
    this.#timings = timings;
    this.#orm = orm;
    this.#box = secretBox;
    this.#clock = clock;
    this.#algorithm = config.jwt.algorithm;
  }

  async currentSigningKey(): Promise<SigningKey> {
    const { current } = await this.#withCurrent();
    return { kid: current.kid, algorithm: this.#algorithm, key: await this.#signingKey(current) };
  }

  async verificationKey(kid: string): Promise<CryptoKey | Uint8Array | undefined> {
    let row = this.#usable(await this.#keys(), kid);
    const sinceLoad = performance.now() - (this.#loaded?.loadedAtMs ?? Number.NEGATIVE_INFINITY);
    if (!row && sinceLoad >= this.#timings.unknownKidReloadMs) {
      // Possibly made by another instance's rotation since our last load.
      row = this.#usable(await this.#reload(), kid);
    }
    return row ? this.#verificationKey(row) : undefined;
  }

  async rotate(): Promise<string> {
    const kid = await this.#locked(async (run) => {
      const now = new Date(this.#nowMs()).toISOString();
      await run(
        'update signing_keys set retired_at = ?::timestamptz where algorithm = ? and retired_at is null',
        [now, this.#algorithm],
      );
      return this.#insertNewKey(run);
    });
    await this.#load();
    return kid;
  }

  async publicJwks(): Promise<PublicJwks> {
    if (this.#algorithm === 'HS256') return { keys: [] };
    const { keys } = await this.#withCurrent();
    const now = this.#nowMs();
    return {
      keys: keys.rows
        .filter((row) => isStillValid(row, now) && row.public_jwk)
        .map((row) => publishedJwk(row.public_jwk as JWK, row.kid, this.#algorithm)),
    };
  }

  /** The loaded keys and the current one, which is created when the table has none for the algorithm. */
  async #withCurrent(): Promise<{ keys: LoadedKeys; current: KeyRow }> {
    let keys = await this.#keys();
    let current = currentRow(keys);
    if (!current) {
      await this.#createCurrentKeyIfMissing();
      keys = await this.#load();
      current = currentRow(keys);
    }
    if (!current) throw new Error('no current signing key could be created');
    return { keys, current };
  }

  #usable(keys: LoadedKeys, kid: string): KeyRow | undefined {
    const row = keys.rows.find((candidate) => candidate.kid === kid);
    return row && isStillValid(row, this.#nowMs()) ? row : undefined;
  }

  async #keys(): Promise<LoadedKeys> {
    const loaded = this.#loaded;
    const fresh = loaded && performance.now() - loaded.loadedAtMs < this.#timings.ttlMs;
    return fresh ? loaded : this.#reload();
  }

  /** Concurrent callers share the load in flight. */
  #reload(): Promise<LoadedKeys> {
    this.#loading ??= this.#load().finally(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  /** Reads the table now (after a change of ours, a load already in flight may predate it). */
  async #load(): Promise<LoadedKeys> {
    const sequence = ++this.#loadsStarted;
    const startedAtMs = performance.now();
    const since = new Date(this.#nowMs() - RETIRED_KEY_VALID_MS).toISOString();
    const rows = await this.#orm.em.getConnection().execute<KeyRow[]>(
      `select kid, public_jwk, private_key_encrypted,
              (extract(epoch from retired_at) * 1000)::float8 as retired_at_ms
         from signing_keys
        where algorithm = ? and (retired_at is null or retired_at > ?::timestamptz)
        order by created_at desc, kid`,
      [this.#algorithm, since],
      'all',
    );
    const loaded = { loadedAtMs: startedAtMs, rows };
    if (sequence < this.#loadStored) return loaded;
    this.#loadStored = sequence;
    this.#loaded = loaded;
    const kids = new Set(rows.map((row) => row.kid));
    for (const cache of [this.#signing, this.#verifying]) {
      for (const kid of cache.keys()) if (!kids.has(kid)) cache.delete(kid);
    }
    return loaded;
  }

  async #createCurrentKeyIfMissing(): Promise<void> {
    await this.#locked(async (run) => {
      // Re-checked under the lock: another instance may have created it while we waited.
      const existing = await run(
        'select 1 from signing_keys where algorithm = ? and retired_at is null limit 1',
        [this.#algorithm],
      );
      if (existing.length === 0) await this.#insertNewKey(run);
    });
  }

  async #insertNewKey(run: Run): Promise<string> {
    const { kid, publicJwk, privateKey } = await generateKey(this.#algorithm);
    await run(
      `insert into signing_keys (kid, algorithm, public_jwk, private_key_encrypted, created_at, retired_at)
       values (?, ?, ?::jsonb, ?, ?::timestamptz, null)`,
      [
        kid,
        this.#algorithm,
        publicJwk ? JSON.stringify(publicJwk) : null,
        this.#box.seal(privateKey, signingKeyContext(kid)),
        new Date(this.#nowMs()).toISOString(),
      ],
    );
    return kid;
  }

  /**
   * Runs `work` in a transaction holding a transaction-scoped advisory lock, so that two instances starting
   * together (or two rotations) cannot both leave a current key behind.
   */
  async #locked<T>(work: (run: Run) => Promise<T>): Promise<T> {
    const connection = this.#orm.em.getConnection();
    return connection.transactional(async (trx) => {
      const run: Run = (sql, params) =>
        connection.execute<Record<string, unknown>[]>(sql, params, 'all', trx);
      await run('select pg_advisory_xact_lock(?)', [LOCK_ID]);
      return work(run);
    });
  }

  #signingKey(row: KeyRow): Promise<CryptoKey | Uint8Array> {
    let key = this.#signing.get(row.kid);
    if (!key) {
      key = this.#importPrivate(row);
      this.#signing.set(row.kid, key);
      key.catch(() => this.#signing.delete(row.kid));
    }
    return key;
  }

  #verificationKey(row: KeyRow): Promise<CryptoKey | Uint8Array> {
    let key = this.#verifying.get(row.kid);
    if (!key) {
      key =
        this.#algorithm === 'HS256'
          ? this.#importPrivate(row)
          : importPublic(row.public_jwk, row.kid, this.#algorithm);
      this.#verifying.set(row.kid, key);
      key.catch(() => this.#verifying.delete(row.kid));
    }
    return key;
  }

  async #importPrivate(row: KeyRow): Promise<CryptoKey | Uint8Array> {
    let secret: string;
    try {
      secret = this.#box.open(row.private_key_encrypted, signingKeyContext(row.kid));
    } catch {
      throw new Error(`signing key ${row.kid} cannot be decrypted: was the master key (MASTER_KEY) changed?`);
    }
    if (this.#algorithm === 'HS256') return importHmacSecret(Buffer.from(secret, 'base64url'));
    return importPKCS8(secret, this.#algorithm);
  }

  #nowMs(): number {
    return this.#clock.now().getTime();
  }
}

type Run = (sql: string, params: readonly unknown[]) => Promise<Record<string, unknown>[]>;

function currentRow(keys: LoadedKeys): KeyRow | undefined {
  return keys.rows.find((row) => row.retired_at_ms === null);
}

function isStillValid(row: KeyRow, nowMs: number): boolean {
  return row.retired_at_ms === null || nowMs - row.retired_at_ms < RETIRED_KEY_VALID_MS;
}

export function signingKeyContext(kid: string): string {
  return `signing-key:${kid}`;
}

import type { CryptoKey, JWK } from 'jose';
import {
  type NewSigningKey,
  type SigningKeyStore,
  type StoredSigningKey,
  signingKeyContext,
} from '../../application/identity/ports/signing-key-store.ts';
import type { PublicJwks, SigningKeys } from '../../application/identity/ports/signing-keys.ts';
import type { Clock } from '../../application/kernel/ports/clock.ts';
import type { SecretBox } from '../../application/kernel/ports/secret-box.ts';
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  type AccessTokenAlgorithm,
  type AccessTokenKeys,
  CLOCK_TOLERANCE_SECONDS,
  type SigningKey,
} from './jose-access-token-service.ts';
import { KeyImports } from './key-imports.ts';
import { generateKey, importPrivate, importPublic, publishedJwk } from './key-material.ts';

export interface CachedSigningKeysOptions {
  readonly signingKeyStore: SigningKeyStore;
  readonly secretBox: SecretBox;
  readonly clock: Clock;
  readonly config: { readonly jwt: { readonly algorithm: AccessTokenAlgorithm } };
}

/** How keys are cached in memory (measured on a monotonic clock, not the domain Clock). */
export interface SigningKeysCacheTimings {
  /** How long loaded keys are used before re-reading the store (rotations by other instances show up then). */
  readonly ttlMs: number;
  /** An unknown kid triggers a reload at most this often, so a flood of made-up kids cannot hammer the store. */
  readonly unknownKidReloadMs: number;
}

const DEFAULT_TIMINGS: SigningKeysCacheTimings = { ttlMs: 30_000, unknownKidReloadMs: 2_000 };

/** A retired key keeps verifying while tokens it signed may be valid (including ones signed by a stale cache). */
const RETIRED_KEY_VALID_MS = (ACCESS_TOKEN_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS) * 1000;

interface LoadedKeys {
  readonly loadedAtMs: number;
  /** Newest first; retired longer than the validity window are not loaded. */
  readonly keys: readonly StoredSigningKey[];
}

/**
 * The access-token keys of the configured algorithm, read from a `SigningKeyStore` shared by every instance
 * and kept in memory for a while, imported for jose once per kid. Private keys are sealed with the SecretBox
 * under `signingKeyContext(kid)` before they reach the store, and opened only when first used.
 */
export class CachedSigningKeys implements SigningKeys, AccessTokenKeys {
  readonly #store: SigningKeyStore;
  readonly #box: SecretBox;
  readonly #clock: Clock;
  readonly #algorithm: AccessTokenAlgorithm;
  readonly #timings: SigningKeysCacheTimings;
  #loaded: LoadedKeys | undefined;
  #loading: Promise<LoadedKeys> | undefined;
  /** Loads are numbered so that a slow, older load never replaces a newer one. */
  #loadsStarted = 0;
  #loadStored = 0;
  readonly #signing = new KeyImports();
  readonly #verifying = new KeyImports();

  constructor(
    { signingKeyStore, secretBox, clock, config }: CachedSigningKeysOptions,
    timings: SigningKeysCacheTimings = DEFAULT_TIMINGS,
  ) {
    this.#store = signingKeyStore;
    this.#box = secretBox;
    this.#clock = clock;
    this.#algorithm = config.jwt.algorithm;
    this.#timings = timings;
  }

  async currentSigningKey(): Promise<SigningKey> {
    const { current } = await this.#withCurrent();
    const key = await this.#signing.get(current.kid, () => this.#importPrivate(current));
    return { kid: current.kid, algorithm: this.#algorithm, key };
  }

  async verificationKey(kid: string): Promise<CryptoKey | Uint8Array | undefined> {
    let found = this.#usable(await this.#keys(), kid);
    const sinceLoad = performance.now() - (this.#loaded?.loadedAtMs ?? Number.NEGATIVE_INFINITY);
    if (!found && sinceLoad >= this.#timings.unknownKidReloadMs) {
      // Possibly made by another instance's rotation since our last load.
      found = this.#usable(await this.#reload(), kid);
    }
    if (!found) return undefined;
    const { publicJwk } = found;
    return this.#verifying.get(kid, () =>
      this.#algorithm === 'HS256'
        ? this.#importPrivate(found)
        : importPublic(publicJwk as JWK | null, kid, this.#algorithm),
    );
  }

  async rotate(): Promise<string> {
    const key = await this.#newKey();
    await this.#store.rotate(key);
    await this.#load();
    return key.kid;
  }

  async publicJwks(): Promise<PublicJwks> {
    if (this.#algorithm === 'HS256') return { keys: [] };
    const { loaded } = await this.#withCurrent();
    const now = this.#clock.now().getTime();
    return {
      keys: loaded.keys
        .filter((key) => isStillValid(key, now) && key.publicJwk)
        .map((key) => publishedJwk(key.publicJwk as JWK, key.kid, this.#algorithm)),
    };
  }

  /** The loaded keys and the current one, which is created when the store has none for the algorithm. */
  async #withCurrent(): Promise<{ loaded: LoadedKeys; current: StoredSigningKey }> {
    let loaded = await this.#keys();
    let current = loaded.keys.find((key) => key.retiredAt === null);
    if (!current) {
      await this.#store.addIfNoneCurrent(await this.#newKey());
      loaded = await this.#load();
      current = loaded.keys.find((key) => key.retiredAt === null);
    }
    if (!current) throw new Error('no current signing key could be created');
    return { loaded, current };
  }

  #usable(loaded: LoadedKeys, kid: string): StoredSigningKey | undefined {
    const key = loaded.keys.find((candidate) => candidate.kid === kid);
    return key && isStillValid(key, this.#clock.now().getTime()) ? key : undefined;
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

  /** Reads the store now (after a change of ours, a load already in flight may predate it). */
  async #load(): Promise<LoadedKeys> {
    const sequence = ++this.#loadsStarted;
    const loadedAtMs = performance.now();
    const since = new Date(this.#clock.now().getTime() - RETIRED_KEY_VALID_MS);
    const loaded = { loadedAtMs, keys: await this.#store.usable(this.#algorithm, since) };
    if (sequence < this.#loadStored) return loaded;
    this.#loadStored = sequence;
    this.#loaded = loaded;
    const kids = new Set(loaded.keys.map((key) => key.kid));
    this.#signing.keepOnly(kids);
    this.#verifying.keepOnly(kids);
    return loaded;
  }

  async #newKey(): Promise<NewSigningKey> {
    const { kid, publicJwk, privateKey } = await generateKey(this.#algorithm);
    return {
      kid,
      algorithm: this.#algorithm,
      publicJwk: publicJwk ?? null,
      sealedPrivateKey: this.#box.seal(privateKey, signingKeyContext(kid)),
      createdAt: this.#clock.now(),
    };
  }

  async #importPrivate(key: StoredSigningKey): Promise<CryptoKey | Uint8Array> {
    let secret: string;
    try {
      secret = this.#box.open(key.sealedPrivateKey, signingKeyContext(key.kid));
    } catch {
      throw new Error(`signing key ${key.kid} cannot be decrypted: was the master key (MASTER_KEY) changed?`);
    }
    return importPrivate(secret, this.#algorithm);
  }
}

function isStillValid(key: StoredSigningKey, nowMs: number): boolean {
  return key.retiredAt === null || nowMs - key.retiredAt.getTime() < RETIRED_KEY_VALID_MS;
}

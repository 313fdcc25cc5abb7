import type { Algorithm, Version } from '@node-rs/argon2';
import { parseOptions } from '@node-rs/argon2';
import type { PasswordHasher } from '../../../application/identity/ports/password-hasher.ts';
import { BoundedQueue } from '../../platform/crypto/bounded-queue.ts';
import { HashingWorkers } from '../../platform/crypto/hashing-workers.ts';
import { verifyEitherHash } from './scrypt-password-hasher.ts';

export interface Argon2PasswordHasherOptions {
  /** Memory per hash in KiB; defaults to 19456 (19 MiB, the OWASP minimum for argon2id with t = 2). */
  readonly memoryCost?: number;
  /** Passes over memory; defaults to 2. */
  readonly timeCost?: number;
  /** Lanes; defaults to 1. */
  readonly parallelism?: number;
  /** The limiter every hash and verify goes through; by default one of this hasher's own. */
  readonly queue?: BoundedQueue;
  /** The threads that hash; by default one of this hasher's own. */
  readonly workers?: HashingWorkers;
}

// The package's Algorithm and Version are `const enum`s with no runtime object (isolatedModules forbids using
// them as values), so their numbers are spelled here.
const ARGON2ID = 2 as Algorithm;
const VERSION_0X13 = 1 as Version;
const SALT_BYTES = 16;
const OUTPUT_BYTES = 32;

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

/**
 * argon2id (version 0x13) through @node-rs/argon2, on HashingWorkers' threads, with m = 19456 KiB, t = 2,
 * p = 1, a 16-byte random salt and a 32-byte output, stored as a PHC string
 * (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`).
 *
 * It also verifies the scrypt hashes of ScryptPasswordHasher, and reports them as needing a rehash, so
 * switching adapters moves each user to argon2id at their next sign-in instead of locking them out.
 */
export class Argon2PasswordHasher implements PasswordHasher {
  readonly memoryCost: number;
  readonly timeCost: number;
  readonly parallelism: number;
  readonly #queue: BoundedQueue;
  readonly #workers: HashingWorkers;

  constructor(options: Argon2PasswordHasherOptions = {}) {
    this.memoryCost = positiveInteger('memoryCost', options.memoryCost ?? 19456);
    this.timeCost = positiveInteger('timeCost', options.timeCost ?? 2);
    this.parallelism = positiveInteger('parallelism', options.parallelism ?? 1);
    // argon2 itself requires at least 8 KiB per lane.
    if (this.memoryCost < 8 * this.parallelism)
      throw new RangeError('memoryCost must be at least 8 KiB per lane');
    this.#queue = options.queue ?? new BoundedQueue();
    this.#workers = options.workers ?? new HashingWorkers();
  }

  async hash(password: string): Promise<string> {
    return this.#queue.run(() =>
      this.#workers.argon2Hash(password, {
        algorithm: ARGON2ID,
        version: VERSION_0X13,
        memoryCost: this.memoryCost,
        timeCost: this.timeCost,
        parallelism: this.parallelism,
        outputLen: OUTPUT_BYTES,
      }),
    );
  }

  async verify(hash: string, password: string): Promise<boolean> {
    return verifyEitherHash(this.#queue, this.#workers, hash, password);
  }

  needsRehash(hash: string): boolean {
    if (!hash.startsWith('$argon2id$')) return true;
    try {
      const used = parseOptions(hash);
      return (
        used.algorithm !== ARGON2ID ||
        used.version !== VERSION_0X13 ||
        used.memoryCost !== this.memoryCost ||
        used.timeCost !== this.timeCost ||
        used.parallelism !== this.parallelism ||
        used.outputLen !== OUTPUT_BYTES ||
        used.saltLen < SALT_BYTES
      );
    } catch {
      return true;
    }
  }
}

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../../../application/identity/ports/password-hasher.ts';
import { ServiceUnavailable } from '../../../domain/kernel/errors.ts';
import { BoundedQueue } from '../../platform/crypto/bounded-queue.ts';
import { HashingWorkers } from '../../platform/crypto/hashing-workers.ts';

export interface ScryptPasswordHasherOptions {
  /** log2 of the CPU/memory cost N; defaults to 17 (N = 131072, 128 MiB with r = 8). */
  readonly logN?: number;
  /** Block size; defaults to 8. */
  readonly r?: number;
  /** Parallelisation; defaults to 1. */
  readonly p?: number;
  /** The limiter every hash and verify goes through; by default one of this hasher's own. */
  readonly queue?: BoundedQueue;
  /** The threads that hash; by default one of this hasher's own. */
  readonly workers?: HashingWorkers;
}

export interface ScryptHash {
  readonly logN: number;
  readonly r: number;
  readonly p: number;
  readonly salt: Buffer;
  readonly key: Buffer;
}

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Stored hashes asking for more than this are treated as malformed rather than computed (256 MiB). */
const MAX_VERIFY_MEMORY = 256 * 1024 * 1024;

/** Only what `hash` writes: the salt and key lengths are fixed (22 and 43 base64 characters). */
const PHC =
  /^\$scrypt\$ln=([1-9]\d?),r=([1-9]\d{0,2}),p=([1-9]\d?)\$([A-Za-z0-9+/]{22})\$([A-Za-z0-9+/]{43})$/;

/** The exact memory OpenSSL's scrypt asks for (B plus V), which Node checks against `maxmem`. */
function scryptMemory(logN: number, r: number, p: number): number {
  return 128 * r * (2 ** logN + p + 2);
}

function integerIn(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}`);
  }
}

function b64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

function derive(
  workers: HashingWorkers,
  password: string,
  salt: Buffer,
  keyBytes: number,
  { logN, r, p }: { logN: number; r: number; p: number },
): Promise<Buffer> {
  return workers.scrypt(password, salt, keyBytes, { N: 2 ** logN, r, p, maxmem: scryptMemory(logN, r, p) });
}

/**
 * Parses `$scrypt$ln=..,r=..,p=..$<salt>$<key>` with a 16-byte salt and a 32-byte key in canonical unpadded
 * base64; undefined when it is anything else.
 */
export function parseScryptHash(hash: string): ScryptHash | undefined {
  const match = PHC.exec(hash);
  if (!match) return undefined;
  const [, ln, r, p, salt64, key64] = match as unknown as [string, string, string, string, string, string];
  const salt = Buffer.from(salt64, 'base64');
  const key = Buffer.from(key64, 'base64');
  if (b64(salt) !== salt64 || b64(key) !== key64) return undefined;
  return { logN: Number(ln), r: Number(r), p: Number(p), salt, key };
}

/**
 * Checks `password` against a scrypt hash with the parameters the hash names, in constant time; false for a
 * malformed hash or one whose parameters are out of bounds. Not queued: callers run it behind their limiter.
 */
async function verifyScryptHash(workers: HashingWorkers, hash: string, password: string): Promise<boolean> {
  const parsed = parseScryptHash(hash);
  if (!parsed || scryptMemory(parsed.logN, parsed.r, parsed.p) > MAX_VERIFY_MEMORY) return false;
  try {
    const key = await derive(workers, password, parsed.salt, parsed.key.length, parsed);
    return timingSafeEqual(key, parsed.key);
  } catch (error) {
    if (error instanceof ServiceUnavailable) throw error; // no thread to hash on: no answer either way
    return false;
  }
}

/**
 * scrypt from node:crypto (run on HashingWorkers' threads), N = 2^17, r = 8, p = 1, a 16-byte random salt and a
 * 32-byte key, stored as `$scrypt$ln=17,r=8,p=1$<salt>$<key>` (unpadded base64, as in PHC strings).
 *
 * It also verifies argon2 hashes (made by Argon2PasswordHasher), and reports them as needing a rehash, so
 * switching adapters moves each user to this one at their next sign-in instead of locking them out.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  readonly logN: number;
  readonly r: number;
  readonly p: number;
  readonly #queue: BoundedQueue;
  readonly #workers: HashingWorkers;

  constructor(options: ScryptPasswordHasherOptions = {}) {
    this.logN = options.logN ?? 17;
    this.r = options.r ?? 8;
    this.p = options.p ?? 1;
    integerIn('logN', this.logN, 1, 30);
    integerIn('r', this.r, 1, 999);
    integerIn('p', this.p, 1, 99);
    if (scryptMemory(this.logN, this.r, this.p) > MAX_VERIFY_MEMORY) {
      throw new RangeError('scrypt parameters need more memory than verify allows (256 MiB)');
    }
    this.#queue = options.queue ?? new BoundedQueue();
    this.#workers = options.workers ?? new HashingWorkers();
  }

  async hash(password: string): Promise<string> {
    return this.#queue.run(async () => {
      const salt = randomBytes(SALT_BYTES);
      const key = await derive(this.#workers, password, salt, KEY_BYTES, this);
      return `$scrypt$ln=${this.logN},r=${this.r},p=${this.p}$${b64(salt)}$${b64(key)}`;
    });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    return verifyEitherHash(this.#queue, this.#workers, hash, password);
  }

  needsRehash(hash: string): boolean {
    const parsed = parseScryptHash(hash);
    if (!parsed) return true;
    return parsed.logN !== this.logN || parsed.r !== this.r || parsed.p !== this.p;
  }
}

/**
 * A password checked against a stored hash of either format, so that switching PASSWORD_HASHER keeps every
 * account's login. Only the job's own failures (a malformed hash) answer false: a refusal of the queue, or a
 * hashing thread lost, propagates (ServiceUnavailable).
 */
export function verifyEitherHash(
  queue: BoundedQueue,
  workers: HashingWorkers,
  hash: string,
  password: string,
): Promise<boolean> {
  if (parseScryptHash(hash)) return queue.run(() => verifyScryptHash(workers, hash, password));
  if (!hash.startsWith('$argon2')) return Promise.resolve(false);
  return queue.run(async () => {
    try {
      return await workers.argon2Verify(hash, password);
    } catch (error) {
      if (error instanceof ServiceUnavailable) throw error;
      return false;
    }
  });
}

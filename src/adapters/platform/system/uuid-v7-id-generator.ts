import { randomBytes } from 'node:crypto';
import type { IdGenerator } from '../../../application/kernel/ports/id-generator.ts';

const RANDOM_BITS = 74n;
const RANDOM_LIMIT = 1n << RANDOM_BITS;

/**
 * RFC 9562 UUIDv7: 48-bit Unix milliseconds, then 74 bits that are random for the first id of a millisecond
 * and counted up from it for the next ones (section 6.2, monotonic random), so the ids of one generator sort
 * in the order they were made even within a millisecond or when the wall clock steps back. Keyset pages that
 * break ties of equal timestamps by id then follow creation order.
 */
export class UuidV7IdGenerator implements IdGenerator {
  #lastMs = -1n;
  #lastRandom = 0n;

  newId(): string {
    let ms = BigInt(Date.now());
    let random: bigint;
    if (ms > this.#lastMs) {
      random = randomBits();
    } else {
      ms = this.#lastMs;
      random = this.#lastRandom + 1n;
      if (random === RANDOM_LIMIT) {
        ms += 1n;
        random = randomBits();
      }
    }
    this.#lastMs = ms;
    this.#lastRandom = random;
    // 48 bits of time, version 7, 12 random bits, variant 0b10, 62 random bits.
    const value =
      (ms << 80n) | (0x7n << 76n) | ((random >> 62n) << 64n) | (0b10n << 62n) | (random & ((1n << 62n) - 1n));
    const hex = value.toString(16).padStart(32, '0');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}

function randomBits(): bigint {
  return BigInt(`0x${randomBytes(10).toString('hex')}`) & (RANDOM_LIMIT - 1n);
}

import { createHmac, randomInt } from 'node:crypto';
import type { RecoveryCodes } from '../../../application/identity/ports/recovery-codes.ts';
import { deriveKey } from '../../platform/crypto/master-key.ts';

/** Lower-case letters and digits without the look-alikes (0/o, 1/l/i): 31 symbols, about 4.95 bits each. */
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
/** Two groups of five: 10 symbols, about 49.5 bits, e.g. `k7m2p-x9c4t`. */
const GROUP = 5;

/**
 * Random recovery codes, stored as HMAC-SHA256 under the master key's `recovery-codes` subkey: a stolen
 * database alone does not let anyone test guesses at 50-bit codes offline.
 */
export class HmacRecoveryCodes implements RecoveryCodes {
  readonly #key: Buffer;

  constructor({ masterKey }: { masterKey: Buffer }) {
    this.#key = deriveKey(masterKey, 'recovery-codes');
  }

  generate(count: number): string[] {
    const group = () => Array.from({ length: GROUP }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return Array.from({ length: count }, () => `${group()}-${group()}`);
  }

  hash(code: string): string {
    return createHmac('sha256', this.#key).update(code, 'utf8').digest('base64url');
  }
}

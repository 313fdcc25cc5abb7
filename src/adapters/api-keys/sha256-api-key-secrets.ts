import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeySecrets } from '../../application/api-keys/ports/api-key-secrets.ts';

/**
 * Random key ids and secrets; secrets stored as their SHA-256. A fast hash is right here: the secret has
 * 256 bits of entropy, so there is nothing to brute-force, and a slow hash would cap every call made with a
 * key at the hash rate.
 */
export class Sha256ApiKeySecrets implements ApiKeySecrets {
  newKeyId(): string {
    return randomBytes(16).toString('base64url');
  }

  newSecret(): string {
    return randomBytes(32).toString('base64url');
  }

  hash(secret: string): string {
    return this.#digest(secret).toString('base64url');
  }

  matches(secret: string, hash: string): boolean {
    // Compare fixed-length digests, not strings: timingSafeEqual needs equal lengths, and a stored hash of
    // another shape must fail the same way rather than throw.
    const expected = Buffer.from(hash, 'base64url');
    const given = this.#digest(secret);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  #digest(secret: string): Buffer {
    return createHash('sha256').update(secret, 'utf8').digest();
  }
}

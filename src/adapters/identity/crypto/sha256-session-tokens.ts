import { createHash, randomBytes } from 'node:crypto';
import type { SessionTokens } from '../../../application/identity/ports/session-tokens.ts';

/**
 * 256-bit random tokens, stored as their SHA-256. A fast hash is enough here (unlike passwords): the input
 * has 256 bits of entropy, so there is nothing to brute-force.
 */
export class Sha256SessionTokens implements SessionTokens {
  newToken(): string {
    return randomBytes(32).toString('base64url');
  }

  hash(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('base64url');
  }
}

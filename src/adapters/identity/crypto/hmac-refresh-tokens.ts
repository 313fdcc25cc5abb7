import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  RefreshTokenSubject,
  RefreshTokens,
} from '../../../application/identity/ports/refresh-tokens.ts';
import { deriveKey } from '../../platform/crypto/master-key.ts';

/** The `generation` column is a PostgreSQL integer. */
const MAX_GENERATION = 2 ** 31 - 1;
const PREFIX = 'rt_';
const MAC_LENGTH = 43; // 32 bytes in base64url
const MIN_LENGTH = PREFIX.length + 32 + 1 + 1 + MAC_LENGTH;
const MAX_LENGTH = PREFIX.length + 32 + MAX_GENERATION.toString(36).length + 1 + MAC_LENGTH;
const TOKEN = /^rt_([0-9a-f]{32})([0-9a-z]{1,6})\.([A-Za-z0-9_-]{43})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Refresh tokens `rt_<session id: 32 hex><generation: base36>.<HMAC-SHA256: 43 base64url>`, the MAC under
 * the master key's `refresh-tokens` subkey. The session id has a fixed length, so the generation needs no
 * separator. Nothing is stored: the same subject always yields the same token, and the MAC makes tokens
 * unguessable (256 bits) while letting `read` recognise any older generation as reuse.
 */
export class HmacRefreshTokens implements RefreshTokens {
  readonly #key: Buffer;

  constructor({ masterKey }: { masterKey: Buffer }) {
    this.#key = deriveKey(masterKey, 'refresh-tokens');
  }

  tokenFor({ sessionId, generation }: RefreshTokenSubject): string {
    const id = sessionId.toLowerCase();
    if (!UUID.test(id)) throw new Error('a refresh token names a session by its UUID');
    if (!Number.isInteger(generation) || generation < 0 || generation > MAX_GENERATION) {
      throw new Error('a refresh token generation is an integer from 0 to 2^31 - 1');
    }
    const hex = id.replaceAll('-', '');
    return `${PREFIX}${hex}${generation.toString(36)}.${this.#mac(hex, generation)}`;
  }

  read(token: string): RefreshTokenSubject | undefined {
    try {
      // Cheap checks first: a length bound before the regex, the regex before any MAC work.
      if (typeof token !== 'string' || token.length < MIN_LENGTH || token.length > MAX_LENGTH)
        return undefined;
      const match = TOKEN.exec(token);
      if (!match) return undefined;
      const [, hex, encodedGeneration, mac] = match as unknown as [string, string, string, string];
      const generation = Number.parseInt(encodedGeneration, 36);
      // One subject, one spelling: reject leading zeros and values the database cannot hold.
      if (generation > MAX_GENERATION || generation.toString(36) !== encodedGeneration) return undefined;
      // Compare the encoded MACs, not decoded bytes: the last base64url character has spare bits, and
      // comparing bytes would accept several spellings of one MAC.
      const expected = Buffer.from(this.#mac(hex, generation), 'ascii');
      const given = Buffer.from(mac, 'ascii');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { sessionId: dashed(hex), generation };
    } catch {
      return undefined;
    }
  }

  #mac(hex: string, generation: number): string {
    // Domain-separated and delimited so that no other message under this key collides with a token's.
    return createHmac('sha256', this.#key)
      .update(`refresh-token:v1:${hex}:${generation}`)
      .digest('base64url');
  }
}

function dashed(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

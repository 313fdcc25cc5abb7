import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MfaClaim, MfaTokens } from '../../../application/identity/ports/mfa-tokens.ts';
import { deriveKey } from '../../platform/crypto/master-key.ts';

const TOKEN = /^mfa_([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Payload {
  readonly u: string;
  readonly e: number;
  /** Expiry, Unix milliseconds. */
  readonly x: number;
}

/**
 * `mfa_<payload: base64url JSON {u: user id, e: security epoch, x: expiry}>.<HMAC-SHA256: 43 base64url>`, the
 * MAC under the master key's `mfa-tokens` subkey. Nothing is stored: the token only says whose password was
 * checked, when it ends, and in which epoch (a new password or a disable ends it early); each code it meets
 * is spent once on its own.
 */
export class HmacMfaTokens implements MfaTokens {
  readonly #key: Buffer;

  constructor({ masterKey }: { masterKey: Buffer }) {
    this.#key = deriveKey(masterKey, 'mfa-tokens');
  }

  issue({ userId, securityEpoch }: MfaClaim, expiresAt: Date): string {
    const payload: Payload = { u: userId, e: securityEpoch, x: expiresAt.getTime() };
    const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `mfa_${encoded}.${this.#mac(encoded)}`;
  }

  read(token: string, now: Date): MfaClaim | undefined {
    const match = typeof token === 'string' && token.length <= 260 ? TOKEN.exec(token) : null;
    if (!match) return undefined;
    const [, encoded, mac] = match as unknown as [string, string, string];
    const expected = Buffer.from(this.#mac(encoded), 'ascii');
    const given = Buffer.from(mac, 'ascii');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const payload = parsed(encoded);
    if (!payload || payload.x <= now.getTime()) return undefined;
    return { userId: payload.u, securityEpoch: payload.e };
  }

  #mac(encoded: string): string {
    return createHmac('sha256', this.#key).update(`mfa.${encoded}`, 'ascii').digest('base64url');
  }
}

function parsed(encoded: string): Payload | undefined {
  try {
    const value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<Payload>;
    const valid =
      typeof value.u === 'string' &&
      UUID.test(value.u) &&
      Number.isSafeInteger(value.e) &&
      Number.isSafeInteger(value.x);
    return valid ? (value as Payload) : undefined;
  } catch {
    return undefined;
  }
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from './master-key.ts';

/** `<id (a lower-case UUID)>.<expiry, unix seconds>.<43 base64url characters of HMAC-SHA256>`. */
const TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

/** What a signed link grants: the one thing it names, until a time. */
export interface LinkGrant {
  readonly id: string;
  readonly expiresAt: Date;
}

/**
 * Signed links (file downloads, feedback from people without an account): HMAC-SHA256 under a key derived from
 * the master key for one purpose only, over a versioned, purpose-labelled message, so no other MAC of the
 * service (refresh tokens, another kind of link) is a valid link of this kind. The token is accepted in one
 * spelling only: the id in lower case, the expiry without leading zeros, the MAC as unpadded base64url whose
 * last character carries no stray bits (checked by re-encoding), so nobody can make a second valid token from
 * a leaked one.
 */
export class HmacLinkTokens {
  readonly #key: Buffer;
  readonly #label: string;

  /** `keyPurpose` names the derived key (`file-links`); `label` prefixes the signed message (`file-link:v1`). */
  constructor({ masterKey, keyPurpose, label }: { masterKey: Buffer; keyPurpose: string; label: string }) {
    this.#key = deriveKey(masterKey, keyPurpose);
    this.#label = label;
  }

  sign({ id, expiresAt }: LinkGrant): string {
    const expiry = Math.floor(expiresAt.getTime() / 1000);
    return `${id}.${expiry}.${this.#mac(id, expiry).toString('base64url')}`;
  }

  /** The grant a token carries when this key signed it, in its one canonical spelling; else undefined. */
  verify(token: string): LinkGrant | undefined {
    const match = TOKEN.exec(token);
    if (!match) return undefined;
    const [, id = '', expiryText = '', macText = ''] = match;
    const sent = Buffer.from(macText, 'base64url');
    if (sent.length !== 32 || sent.toString('base64url') !== macText) return undefined;
    const expiry = Number(expiryText);
    if (!timingSafeEqual(sent, this.#mac(id, expiry))) return undefined;
    return { id, expiresAt: new Date(expiry * 1000) };
  }

  #mac(id: string, expiry: number): Buffer {
    return createHmac('sha256', this.#key).update(`${this.#label}:${id}:${expiry}`).digest();
  }
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FileLinkGrant, FileLinkSigner } from '../../../application/files/ports/file-link-signer.ts';
import { deriveKey } from '../../platform/crypto/master-key.ts';

/** `<file id>.<expiry, unix seconds>.<43 base64url characters of HMAC-SHA256>`. */
const TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

/**
 * Signed download links: HMAC-SHA256 under a key derived from the master key for this purpose only, over a
 * versioned, purpose-labelled message, so no other MAC of the service (refresh tokens) is a valid link. The
 * token is accepted in one spelling only: the file id in lower case, the expiry without leading zeros, the
 * MAC as unpadded base64url whose last character carries no stray bits (checked by re-encoding), so nobody
 * can make a second valid token from a leaked one.
 */
export class HmacFileLinkSigner implements FileLinkSigner {
  readonly #key: Buffer;

  constructor({ masterKey }: { masterKey: Buffer }) {
    this.#key = deriveKey(masterKey, 'file-links');
  }

  sign({ fileId, expiresAt }: FileLinkGrant): string {
    const expiry = Math.floor(expiresAt.getTime() / 1000);
    return `${fileId}.${expiry}.${this.#mac(fileId, expiry).toString('base64url')}`;
  }

  verify(token: string): FileLinkGrant | undefined {
    const match = TOKEN.exec(token);
    if (!match) return undefined;
    const [, fileId = '', expiryText = '', macText = ''] = match;
    const sent = Buffer.from(macText, 'base64url');
    if (sent.length !== 32 || sent.toString('base64url') !== macText) return undefined;
    const expiry = Number(expiryText);
    if (!timingSafeEqual(sent, this.#mac(fileId, expiry))) return undefined;
    return { fileId, expiresAt: new Date(expiry * 1000) };
  }

  #mac(fileId: string, expiry: number): Buffer {
    return createHmac('sha256', this.#key).update(`file-link:v1:${fileId}:${expiry}`).digest();
  }
}

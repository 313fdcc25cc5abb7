import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import { deriveKey } from './master-key.ts';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Upper bound on what `open` parses: the secrets sealed here are a few kilobytes at most. */
const MAX_SEALED_LENGTH = 64 * 1024;
const SEALED = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]*)\.([A-Za-z0-9_-]{22})$/;

/**
 * AES-256-GCM under the master key's `secret-box` subkey: a random 12-byte IV per seal, the context as
 * associated data, output `v1.<iv>.<ciphertext>.<tag>` (base64url).
 *
 * Rotating the master key: `v1` names "AES-256-GCM under the secret-box subkey of the master key". A
 * rotation adds a box that also holds the previous master key, opens by version, seals with the new one
 * under a new version, and a one-off job re-seals every stored value; the old key is dropped once no
 * `v1.` value remains.
 */
export class AesGcmSecretBox implements SecretBox {
  readonly #key: Buffer;

  constructor({ masterKey }: { masterKey: Buffer }) {
    this.#key = deriveKey(masterKey, 'secret-box');
  }

  seal(plaintext: string, context: string): string {
    // 96-bit random IVs: safe for far more seals than this service will make under one key (NIST: 2^32).
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return `${VERSION}.${iv.toString('base64url')}.${ciphertext.toString('base64url')}.${tag.toString('base64url')}`;
  }

  open(sealed: string, context: string): string {
    if (typeof sealed !== 'string' || sealed.length > MAX_SEALED_LENGTH)
      throw new Error('not a sealed secret');
    const match = SEALED.exec(sealed);
    if (!match) throw new Error('not a sealed secret (or an unknown version)');
    const [iv, ciphertext, tag] = [match[1], match[2], match[3]].map(canonicalBytes);
    if (!iv || !ciphertext || !tag) throw new Error('not a sealed secret (non-canonical base64url)');
    // authTagLength pins the tag to 16 bytes: GCM would otherwise accept a truncated (forgeable) tag.
    const decipher = createDecipheriv('aes-256-gcm', this.#key, iv, {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new Error('the sealed secret was altered, belongs to another context, or another master key');
    }
  }
}

/** Decodes base64url only in its one canonical spelling, so a sealed value cannot be re-spelt. */
function canonicalBytes(text: string | undefined): Buffer | undefined {
  if (text === undefined) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

import type { FileLinkGrant, FileLinkSigner } from '../../../application/files/ports/file-link-signer.ts';
import { HmacLinkTokens } from '../../platform/crypto/hmac-link-tokens.ts';

/** Signed download links: the platform's HMAC link tokens under the `file-links` key (see HmacLinkTokens). */
export class HmacFileLinkSigner implements FileLinkSigner {
  readonly #tokens: HmacLinkTokens;

  constructor({ masterKey }: { masterKey: Buffer }) {
    this.#tokens = new HmacLinkTokens({ masterKey, keyPurpose: 'file-links', label: 'file-link:v1' });
  }

  sign({ fileId, expiresAt }: FileLinkGrant): string {
    return this.#tokens.sign({ id: fileId, expiresAt });
  }

  verify(token: string): FileLinkGrant | undefined {
    const grant = this.#tokens.verify(token);
    return grant && { fileId: grant.id, expiresAt: grant.expiresAt };
  }
}

import type {
  FeedbackLinkGrant,
  FeedbackLinkSigner,
} from '../../../application/feedback/ports/feedback-link-signer.ts';
import { HmacLinkTokens } from '../../platform/crypto/hmac-link-tokens.ts';

/** Feedback links: the platform's HMAC link tokens under their own `feedback-links` key (see HmacLinkTokens). */
export class HmacFeedbackLinkSigner implements FeedbackLinkSigner {
  readonly #tokens: HmacLinkTokens;

  constructor({ masterKey }: { masterKey: Buffer }) {
    this.#tokens = new HmacLinkTokens({ masterKey, keyPurpose: 'feedback-links', label: 'feedback-link:v1' });
  }

  sign({ runId, expiresAt }: FeedbackLinkGrant): string {
    return this.#tokens.sign({ id: runId, expiresAt });
  }

  verify(token: string): FeedbackLinkGrant | undefined {
    const grant = this.#tokens.verify(token);
    return grant && { runId: grant.id, expiresAt: grant.expiresAt };
  }
}

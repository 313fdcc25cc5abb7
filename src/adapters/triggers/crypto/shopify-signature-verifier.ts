import type {
  SignatureCheck,
  SignatureVerdict,
  SignatureVerifier,
} from '../../../application/triggers/ports/signature-verifier.ts';
import { findMatch, macsOf, untimestampedVerdict } from './hmac-signatures.ts';

/** The standard base64 of a 32-byte MAC: 43 characters and one `=`. */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * Shopify: `X-Shopify-Hmac-Sha256: <base64>`, HMAC-SHA256 of the raw body keyed with the app's client
 * secret string, exactly one signature. No timestamp is signed.
 */
export class ShopifySignatureVerifier implements SignatureVerifier {
  /** Shopify's id of the webhook, the same on each of its retries: the delivery's idempotency key. */
  readonly deliveryIdHeader = 'x-shopify-webhook-id';

  verify({ headers, body, secrets, now, requireTimestamp }: SignatureCheck): SignatureVerdict {
    const expected = macsOf(secrets, [body]);
    const header = headers('x-shopify-hmac-sha256');
    if (header === undefined) return { valid: false, reason: 'missing' };
    const match = SIGNATURE.test(header) ? findMatch([Buffer.from(header, 'base64')], expected) : undefined;
    return untimestampedVerdict('shopify', match, now, requireTimestamp);
  }
}

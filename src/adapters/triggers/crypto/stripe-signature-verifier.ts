import type {
  SignatureCheck,
  SignatureVerdict,
  SignatureVerifier,
} from '../../../application/triggers/ports/signature-verifier.ts';
import { parseTimestamped } from './hmac-signature-verifier.ts';
import { findMatch, MAX_SIGNATURE_HEADER_LENGTH, macsOf, timestampedVerdict } from './hmac-signatures.ts';

const MAX_ENTRIES = 16;

/**
 * Stripe: `Stripe-Signature: t=<unix>,v1=<hex>[,v1=<hex>]` (a `v0=` entry is ignored), HMAC-SHA256 of
 * `<t>.<raw body>` keyed with the whole `whsec_...` string; several `v1` during Stripe's secret rotation,
 * any one matching is enough. The timestamp is always judged by the signature policy (300 s, both sides).
 */
export class StripeSignatureVerifier implements SignatureVerifier {
  verify({ headers, body, secrets, now }: SignatureCheck): SignatureVerdict {
    const header = headers('stripe-signature');
    const entries = header?.split(',').map((entry) => entry.trim()) ?? [];
    const parsed =
      header !== undefined && header.length <= MAX_SIGNATURE_HEADER_LENGTH && entries.length <= MAX_ENTRIES
        ? parseTimestamped(entries)
        : undefined;
    const expected = macsOf(secrets, [`${parsed?.timestamp ?? ''}.`, body]);
    if (header === undefined) return { valid: false, reason: 'missing' };
    const match =
      parsed &&
      findMatch(
        parsed.candidates.map((candidate) => candidate.mac),
        expected,
      );
    return timestampedVerdict('stripe', match, parsed && Number(parsed.timestamp), now);
  }
}

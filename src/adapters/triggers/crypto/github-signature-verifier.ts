import type {
  SignatureCheck,
  SignatureVerdict,
  SignatureVerifier,
} from '../../../application/triggers/ports/signature-verifier.ts';
import { findMatch, macsOf, untimestampedVerdict } from './hmac-signatures.ts';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/;

/**
 * GitHub: `X-Hub-Signature-256: sha256=<lower-case hex>`, HMAC-SHA256 of the raw body keyed with the secret
 * string, exactly one signature. No timestamp is signed; `X-GitHub-Delivery` (a GUID per delivery, kept on
 * redelivery) is the idempotency key.
 */
export class GithubSignatureVerifier implements SignatureVerifier {
  readonly deliveryIdHeader = 'x-github-delivery';

  verify({ headers, body, secrets, now, requireTimestamp }: SignatureCheck): SignatureVerdict {
    const expected = macsOf(secrets, [body]);
    const header = headers('x-hub-signature-256');
    if (header === undefined) return { valid: false, reason: 'missing' };
    const hex = SIGNATURE.exec(header)?.[1];
    const match = hex === undefined ? undefined : findMatch([Buffer.from(hex, 'hex')], expected);
    return untimestampedVerdict('github', match, now, requireTimestamp);
  }
}

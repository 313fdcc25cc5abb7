import type {
  SignatureCheck,
  SignatureVerdict,
  SignatureVerifier,
} from '../../../application/triggers/ports/signature-verifier.ts';
import {
  findMatch,
  MAX_SIGNATURE_HEADER_LENGTH,
  macsOf,
  timestampedVerdict,
  unixSeconds,
} from './hmac-signatures.ts';

const MAX_SIGNATURES = 16;
const V1 = /^v1,([A-Za-z0-9+/]{43}=)$/;
/** Message ids as senders write them (`msg_...`, UUIDs); anything else cannot have been signed by us. */
const MESSAGE_ID = /^[\x21-\x7e]{1,255}$/;

/**
 * Standard Webhooks: `webhook-signature: v1,<base64> [v1,<base64> ...]` (space-separated; other versions
 * ignored), HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part
 * of the `whsec_` secret. The timestamp is always judged by the signature policy (300 s, both sides);
 * `webhook-id` is the idempotency key.
 */
export class StandardWebhooksSignatureVerifier implements SignatureVerifier {
  readonly deliveryIdHeader = 'webhook-id';

  verify({ headers, body, secrets, now }: SignatureCheck): SignatureVerdict {
    const id = headers('webhook-id');
    const timestamp = headers('webhook-timestamp');
    const signedAt = unixSeconds(timestamp);
    const signed = id !== undefined && MESSAGE_ID.test(id) && signedAt !== undefined;
    const expected = macsOf(secrets.map(keyOf), [signed ? `${id}.${timestamp}.` : '.', body]);
    const header = headers('webhook-signature');
    if (header === undefined) return { valid: false, reason: 'missing' };
    const match = signed ? findMatch(candidates(header), expected) : undefined;
    return timestampedVerdict('standard-webhooks', match, signedAt, now);
  }
}

/** The key is the bytes the secret's base64 stands for, not the string itself. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

function candidates(header: string): Buffer[] {
  if (header.length > MAX_SIGNATURE_HEADER_LENGTH) return [];
  const entries = header.split(' ').filter((entry) => entry.length > 0);
  if (entries.length > MAX_SIGNATURES) return [];
  return entries.flatMap((entry) => {
    const base64 = V1.exec(entry)?.[1];
    return base64 === undefined ? [] : [Buffer.from(base64, 'base64')];
  });
}

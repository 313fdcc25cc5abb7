import type { DomainError } from '../../../domain/kernel/errors.ts';
import { SIGNATURE_TOLERANCE_SECONDS } from '../../../domain/triggers/signature-policy.ts';
import type { TriggerSignatureScheme } from '../../../domain/triggers/signature-schemes.ts';
import {
  IdempotencyKeyRequired,
  InvalidIdempotencyKey,
  InvalidSignature,
  MissingSignature,
  type SignatureFault,
  UnsupportedContentEncoding,
} from '../../../domain/triggers/webhook-errors.ts';

/** The header each signature scheme reads the signature from (CONTRACT section 8). */
const SIGNATURE_HEADERS: Record<TriggerSignatureScheme, string> = {
  platform: 'X-Signature',
  github: 'X-Hub-Signature-256',
  stripe: 'Stripe-Signature',
  slack: 'X-Slack-Signature',
  'standard-webhooks': 'webhook-signature',
  shopify: 'X-Shopify-Hmac-Sha256',
};

function signatureDetail(fault: SignatureFault, scheme: TriggerSignatureScheme): string {
  switch (fault) {
    case 'mismatch':
      return `no signature in ${SIGNATURE_HEADERS[scheme]} matches the request body`;
    case 'timestamp_outside_window':
      return scheme === 'platform'
        ? `the signature timestamp t is more than ${SIGNATURE_TOLERANCE_SECONDS} s away from the server clock`
        : `the signed timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS} s away from the server clock`;
    case 'timestamp_required':
      return 'this trigger accepts only timestamped signatures: t=<unix seconds>,v1=<hex>';
  }
}

/**
 * The problem `detail` of the webhook route's errors: where a sender fixes one in a header, it names the
 * header; undefined for the errors of other areas.
 */
export function webhookProblemDetail(error: DomainError): string | undefined {
  if (error instanceof MissingSignature) return `the ${SIGNATURE_HEADERS[error.scheme]} header is required`;
  if (error instanceof InvalidSignature) return signatureDetail(error.fault, error.scheme);
  if (error instanceof IdempotencyKeyRequired) {
    return 'this trigger requires an Idempotency-Key (or X-Delivery-Id) header';
  }
  if (error instanceof InvalidIdempotencyKey) {
    return 'Idempotency-Key and X-Delivery-Id must be 1 to 255 printable ASCII characters';
  }
  if (error instanceof UnsupportedContentEncoding) {
    return 'webhook bodies must be sent without Content-Encoding (identity)';
  }
  return undefined;
}

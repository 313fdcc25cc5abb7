import type { DomainError } from '../../domain/errors.ts';
import { Unauthenticated } from '../../domain/sessions/auth-errors.ts';
import { SIGNATURE_TOLERANCE_SECONDS } from '../../domain/triggers/signature-policy.ts';
import {
  IdempotencyKeyRequired,
  InvalidIdempotencyKey,
  InvalidSignature,
  MissingSignature,
  type SignatureFault,
  UnsupportedContentEncoding,
} from '../../domain/triggers/webhook-errors.ts';

const SIGNATURE_DETAILS: Record<SignatureFault, string> = {
  mismatch: 'no signature in X-Signature matches the request body',
  timestamp_outside_window: `the signature timestamp t is more than ${SIGNATURE_TOLERANCE_SECONDS} s away from the server clock`,
  timestamp_required: 'this trigger accepts only timestamped signatures: t=<unix seconds>,v1=<hex>',
};

/**
 * The problem `detail` of a domain error. The domain names the condition; where a client fixes it in a
 * header, the answer names that header too.
 */
export function transportDetail(error: DomainError): string {
  if (error instanceof MissingSignature) return 'the X-Signature header is required';
  if (error instanceof InvalidSignature) return SIGNATURE_DETAILS[error.fault];
  if (error instanceof IdempotencyKeyRequired) {
    return 'this trigger requires an Idempotency-Key (or X-Delivery-Id) header';
  }
  if (error instanceof InvalidIdempotencyKey) {
    return 'Idempotency-Key and X-Delivery-Id must be 1 to 255 printable ASCII characters';
  }
  if (error instanceof UnsupportedContentEncoding) {
    return 'webhook bodies must be sent without Content-Encoding (identity)';
  }
  if (error instanceof Unauthenticated)
    return 'this route needs an access token: Authorization: Bearer <token>';
  return error.message;
}

import { Conflict, DomainError, errorClass, NotFound } from '../kernel/errors.ts';
import { SIGNATURE_TOLERANCE_SECONDS, type TimestampFault } from './signature-policy.ts';
import type { TriggerSignatureScheme } from './signature-schemes.ts';

/** Unknown, deleted or disabled webhook path, and any trigger the caller may not see. */
export class TriggerNotFound extends NotFound {
  constructor() {
    super('trigger');
  }
}

export class DeliveryNotFound extends NotFound {
  constructor() {
    super('delivery');
  }
}

export class MissingSignature extends DomainError {
  /** The trigger's signature scheme, which names where the signature goes. */
  readonly scheme: TriggerSignatureScheme;

  constructor(scheme: TriggerSignatureScheme = 'platform') {
    super('unauthenticated', 'missing_signature', 'the delivery carries no signature');
    this.scheme = scheme;
  }
}

/** Why a delivery's signature fails: none matches the body, or one matches but the policy refuses it. */
export type SignatureFault = 'mismatch' | TimestampFault;

const SIGNATURE_FAULTS: Record<SignatureFault, string> = {
  mismatch: 'no signature of the delivery matches its body',
  timestamp_outside_window: `the signature timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS} s away from the server clock`,
  timestamp_required: 'this trigger accepts only timestamped signatures',
};

/** Never says which secret or which candidate came close: only what a sender can fix. */
export class InvalidSignature extends DomainError {
  readonly fault: SignatureFault;
  readonly scheme: TriggerSignatureScheme;

  constructor(fault: SignatureFault = 'mismatch', scheme: TriggerSignatureScheme = 'platform') {
    super('unauthenticated', 'invalid_signature', SIGNATURE_FAULTS[fault]);
    this.fault = fault;
    this.scheme = scheme;
  }
}

export class PayloadTooLarge extends DomainError {
  /** The size the sender declared, or the size counted while reading, that crossed the limit. */
  readonly sizeBytes: number;

  constructor(limitBytes: number, sizeBytes: number) {
    super(
      'too_large',
      'payload_too_large',
      `the request body is larger than this trigger accepts (${limitBytes} bytes)`,
    );
    this.sizeBytes = sizeBytes;
  }
}

export class UnsupportedContentEncoding extends errorClass(
  'unsupported',
  'unsupported_media_type',
  'webhook bodies must be sent as they are, not compressed or otherwise encoded',
) {}

export class IdempotencyKeyRequired extends errorClass(
  'invalid',
  'invalid_request',
  'this trigger requires an idempotency key on every delivery',
) {}

export class InvalidIdempotencyKey extends errorClass(
  'invalid',
  'invalid_request',
  'an idempotency key must be 1 to 255 printable ASCII characters',
) {}

/** Replaying needs the stored body: it is gone once the retention period purged it. */
export class DeliveryBodyPurged extends Conflict {
  constructor() {
    super('the body of this delivery was purged after the retention period; it cannot be replayed');
  }
}

export class NotReplayable extends Conflict {
  constructor() {
    super('only accepted deliveries can be replayed');
  }
}

export class WebhookPathTaken extends Conflict {
  constructor() {
    super('that webhook_path is taken (paths of deleted triggers are never reused)');
  }
}

/** Two changes to one trigger raced (two rotations): the second one is refused; retry it. */
export class TriggerChanged extends Conflict {
  constructor() {
    super('the trigger was changed by another request meanwhile; read it again and retry');
  }
}

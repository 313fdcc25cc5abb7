import { Conflict, DomainError, NotFound } from '../errors.ts';

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
  constructor() {
    super('unauthenticated', 'missing_signature', 'the X-Signature header is required');
  }
}

/** Never says which secret or which candidate came close: only what a sender can fix. */
export class InvalidSignature extends DomainError {
  constructor(message = 'no signature in X-Signature matches the request body') {
    super('unauthenticated', 'invalid_signature', message);
  }
}

export class PayloadTooLarge extends DomainError {
  /** The declared (Content-Length) or counted size that crossed the limit. */
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

export class UnsupportedContentEncoding extends DomainError {
  constructor() {
    super(
      'unsupported',
      'unsupported_media_type',
      'webhook bodies must be sent without Content-Encoding (identity)',
    );
  }
}

export class IdempotencyKeyRequired extends DomainError {
  constructor() {
    super('invalid', 'invalid_request', 'this trigger requires an Idempotency-Key (or X-Delivery-Id) header');
  }
}

export class InvalidIdempotencyKey extends DomainError {
  constructor() {
    super(
      'invalid',
      'invalid_request',
      'Idempotency-Key and X-Delivery-Id must be 1 to 255 printable ASCII characters',
    );
  }
}

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

import type { QueryValues } from '../runs/index.ts';
import { PROVIDER_SIGNATURE_SCHEMES } from './signature-schemes.ts';

export const DELIVERY_STATUSES = ['accepted', 'duplicate', 'rejected'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Why a delivery to a live trigger was refused: the problem `code` it was answered with. */
export const REJECTION_REASONS = [
  'missing_signature',
  'invalid_signature',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_request',
  'quota_exceeded',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/**
 * How the accepted signature was written: one of the platform's `X-Signature` forms (CONTRACT section 4),
 * or the provider scheme of the trigger (section 8).
 */
export const SIGNATURE_SCHEMES = [
  'sha256_hex',
  'hex',
  'base64',
  'base64url',
  'timestamped',
  ...PROVIDER_SIGNATURE_SCHEMES,
] as const;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];

/** What the delivery log shows of every delivery: metadata only, never a body or a presented signature. */
export interface DeliverySummary {
  readonly id: string;
  readonly triggerId: string;
  readonly status: DeliveryStatus;
  readonly reason: RejectionReason | null;
  readonly receivedAt: Date;
  readonly sourceIp: string | null;
  readonly sizeBytes: number;
  readonly contentType: string | null;
  readonly signatureScheme: SignatureScheme | null;
  readonly idempotencyKey: string | null;
  /** Duplicates: the accepted delivery they repeated. */
  readonly duplicateOf: string | null;
  /** Accepted deliveries: the run the delivery started (duplicates: the first delivery's). */
  readonly runId: string | null;
  /** Accepted deliveries whose raw body was purged after the retention period. */
  readonly bodyPurgedAt: Date | null;
}

/** An accepted delivery with what it carried; the body is null once purged. */
export interface Delivery extends DeliverySummary {
  readonly headers: Readonly<Record<string, string>>;
  readonly query: QueryValues;
  readonly body: Uint8Array | null;
}

interface Received {
  readonly id: string;
  readonly triggerId: string;
  readonly receivedAt: Date;
  readonly sourceIp: string | null;
}

export function acceptedDelivery(
  props: Received & {
    readonly runId: string;
    readonly body: Uint8Array;
    readonly contentType: string | null;
    readonly headers: Readonly<Record<string, string>>;
    readonly query: QueryValues;
    readonly signatureScheme: SignatureScheme;
    readonly idempotencyKey: string | null;
  },
): Delivery {
  return {
    ...props,
    status: 'accepted',
    reason: null,
    sizeBytes: props.body.byteLength,
    duplicateOf: null,
    bodyPurgedAt: null,
  };
}

/** A repeat of `original` (same idempotency key within the window): logged, nothing else created. */
export function duplicateDelivery(
  props: Received & {
    readonly sizeBytes: number;
    readonly contentType: string | null;
    readonly signatureScheme: SignatureScheme;
    readonly idempotencyKey: string;
  },
  original: { readonly deliveryId: string; readonly runId: string | null },
): DeliverySummary {
  return {
    ...props,
    status: 'duplicate',
    reason: null,
    duplicateOf: original.deliveryId,
    runId: original.runId,
    bodyPurgedAt: null,
  };
}

/** The log entry of `delivery` found to repeat `original`: same id, metadata only (its body is not kept). */
export function duplicateOf(
  delivery: Delivery,
  original: { readonly deliveryId: string; readonly runId: string | null },
): DeliverySummary {
  return duplicateDelivery(
    {
      id: delivery.id,
      triggerId: delivery.triggerId,
      receivedAt: delivery.receivedAt,
      sourceIp: delivery.sourceIp,
      sizeBytes: delivery.sizeBytes,
      contentType: delivery.contentType,
      signatureScheme: delivery.signatureScheme as SignatureScheme,
      idempotencyKey: delivery.idempotencyKey as string,
    },
    original,
  );
}

/** A refused delivery: metadata only, so the log never keeps an attacker's body or signature guesses. */
export function rejectedDelivery(
  props: Received & {
    readonly reason: RejectionReason;
    readonly sizeBytes: number;
    readonly contentType: string | null;
  },
): DeliverySummary {
  return {
    ...props,
    status: 'rejected',
    signatureScheme: null,
    idempotencyKey: null,
    duplicateOf: null,
    runId: null,
    bodyPurgedAt: null,
  };
}

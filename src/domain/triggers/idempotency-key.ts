import { InvalidIdempotencyKey } from './webhook-errors.ts';

/** A repeated key for the same trigger within this window is a duplicate (CONTRACT section 4). */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 3600;

const KEY = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;

/**
 * The sender's idempotency key: `Idempotency-Key`, else `X-Delivery-Id` (GitHub-style delivery ids), as
 * sent. Null when neither was sent; InvalidIdempotencyKey when the one sent is not 1 to 255 printable ASCII
 * characters.
 */
export function parseIdempotencyKey(
  idempotencyKey: string | undefined,
  deliveryId: string | undefined,
): string | null {
  const value = idempotencyKey ?? deliveryId;
  if (value === undefined) return null;
  const key = value.trim();
  if (!KEY.test(key)) throw new InvalidIdempotencyKey();
  return key;
}

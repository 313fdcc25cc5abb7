import type { Trigger } from './trigger.ts';

/**
 * The signature policy of webhook ingest (CONTRACT section 4), apart from how signatures are written and
 * computed: a signature that matches the body still fails when its signed timestamp is too far from the
 * server clock, or when it carries no timestamp and the trigger requires one (replay protection).
 */

/** |now - t| may be at most this many seconds, on both sides: a sender's clock may run ahead or behind. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Why a signature that matches the body is still refused. */
export type TimestampFault =
  /** Its signed timestamp is more than the tolerance away from now. */
  | 'timestamp_outside_window'
  /** It carries no timestamp, and the trigger accepts only timestamped signatures. */
  | 'timestamp_required';

/** Whether a signature made at `signedAtSeconds` (unix seconds) is acceptable at `now`. */
export function isSignedTimestampAcceptable(signedAtSeconds: number, now: Date): boolean {
  return Math.abs(now.getTime() / 1000 - signedAtSeconds) <= SIGNATURE_TOLERANCE_SECONDS;
}

/** Whether deliveries must carry a timestamped signature; an unknown path (answered 404 anyway) does not. */
export function requiresSignedTimestamp(trigger: Pick<Trigger, 'requireTimestamp'> | undefined): boolean {
  return trigger?.requireTimestamp ?? false;
}

/**
 * The policy's verdict on a signature that matched: signed at `signedAtSeconds`, or undefined when it
 * carries no timestamp. Undefined when it stands.
 */
export function timestampFault(
  signedAtSeconds: number | undefined,
  now: Date,
  requireTimestamp: boolean,
): TimestampFault | undefined {
  if (signedAtSeconds === undefined) return requireTimestamp ? 'timestamp_required' : undefined;
  return isSignedTimestampAcceptable(signedAtSeconds, now) ? undefined : 'timestamp_outside_window';
}

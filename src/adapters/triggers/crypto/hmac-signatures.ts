import { timingSafeEqual } from 'node:crypto';
import type { SignatureVerdict } from '../../../application/triggers/ports/signature-verifier.ts';
import type { SignatureScheme } from '../../../domain/triggers/delivery.ts';
import { timestampFault } from '../../../domain/triggers/signature-policy.ts';
import { hmacSha256, MAX_HEADER_LENGTH } from './hmac-signature-verifier.ts';

/** Far more than any honest signature header; a longer one is not even parsed (it cannot match). */
export const MAX_SIGNATURE_HEADER_LENGTH = MAX_HEADER_LENGTH;
/** Seconds since the epoch as providers write them; anything else is no timestamp. */
const UNIX_SECONDS = /^\d{1,12}$/;

/** HMAC-SHA256 under each key of the parts in order: one MAC per key, whatever the headers held. */
export function macsOf(
  keys: readonly (string | Uint8Array)[],
  parts: readonly (string | Uint8Array)[],
): Buffer[] {
  return keys.map((key) => hmacSha256(key, ...parts));
}

/**
 * The first presented candidate equal to the MAC under one of the keys, and that key, by index; undefined
 * when none is. timingSafeEqual throws on a length mismatch: lengths are compared first (they are public).
 */
export function findMatch(
  candidates: readonly Buffer[],
  expected: readonly Buffer[],
): { readonly candidate: number; readonly key: number } | undefined {
  for (const [candidate, presented] of candidates.entries()) {
    for (const [key, mac] of expected.entries()) {
      if (presented.length === mac.length && timingSafeEqual(presented, mac)) return { candidate, key };
    }
  }
  return undefined;
}

/** Unix seconds from a header, or undefined when it is not one. */
export function unixSeconds(value: string | undefined): number | undefined {
  return value !== undefined && UNIX_SECONDS.test(value) ? Number(value) : undefined;
}

/**
 * The verdict on MACs computed over a signed timestamp: a mismatch first (a forger learns nothing about the
 * clock), then the domain's signature policy on `signedAt`.
 */
export function timestampedVerdict(
  scheme: SignatureScheme,
  match: { readonly key: number } | undefined,
  signedAt: number | undefined,
  now: Date,
): SignatureVerdict {
  if (match === undefined || signedAt === undefined) return { valid: false, reason: 'mismatch' };
  const fault = timestampFault(signedAt, now, true);
  return fault ? { valid: false, reason: fault } : { valid: true, scheme, secretIndex: match.key };
}

/** The verdict on MACs over the body alone (no timestamp signed), under the trigger's policy. */
export function untimestampedVerdict(
  scheme: SignatureScheme,
  match: { readonly key: number } | undefined,
  now: Date,
  requireTimestamp: boolean,
): SignatureVerdict {
  if (match === undefined) return { valid: false, reason: 'mismatch' };
  const fault = timestampFault(undefined, now, requireTimestamp);
  return fault ? { valid: false, reason: fault } : { valid: true, scheme, secretIndex: match.key };
}

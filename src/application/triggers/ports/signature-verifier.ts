import type { SignatureScheme } from '../../../domain/triggers/delivery.ts';
import type { TriggerSignatureScheme } from '../../../domain/triggers/signature-schemes.ts';
import type { SignatureFault } from '../../../domain/triggers/webhook-errors.ts';

/**
 * `missing`: the header carrying the signature is absent; `mismatch`: no signature matches under any secret
 * (malformed ones and missing companion headers included); or the policy refuses the signed timestamp.
 */
export type SignatureRejection = 'missing' | SignatureFault;

export type SignatureVerdict =
  | { readonly valid: true; readonly scheme: SignatureScheme; readonly secretIndex: number }
  | { readonly valid: false; readonly reason: SignatureRejection };

/** A request header by lower-case name (repeated ones joined with ", "); undefined when absent. */
export type HeaderLookup = (name: string) => string | undefined;

export interface SignatureCheck {
  readonly headers: HeaderLookup;
  /** The exact raw request body. */
  readonly body: Uint8Array;
  /** The secrets any of which may have signed, current first. */
  readonly secrets: readonly string[];
  readonly now: Date;
  /** Refuse signatures that sign no timestamp (the domain's `requiresSignedTimestamp`). */
  readonly requireTimestamp: boolean;
}

/** Checks the webhook signatures of one scheme (CONTRACT sections 4 and 8). */
export interface SignatureVerifier {
  /** The header carrying the sender's own delivery id, which then counts as the idempotency key. */
  readonly deliveryIdHeader?: string;
  /**
   * The verdict on the request's signature for `body`. Adapters judge a signed timestamp by the domain's
   * signature policy (`timestampFault`, both sides of the clock) rather than restating its tolerance. They
   * never throw, whatever the headers hold (any length, any bytes), compare in constant time after a
   * length check, and compute one MAC over the body per secret whatever the headers hold (absent and
   * malformed included), so that the work done for an unknown webhook path looks like the work for a known
   * one.
   */
  verify(check: SignatureCheck): SignatureVerdict;
}

/** One verifier per scheme: the composition root's registry, read with the trigger's scheme. */
export type SignatureVerifiers = Readonly<Record<TriggerSignatureScheme, SignatureVerifier>>;

import type { SignatureScheme } from '../../domain/triggers/delivery.ts';
import type { SignatureFault } from '../../domain/triggers/webhook-errors.ts';

/** `missing`: no X-Signature header; `mismatch`: no entry matches under any secret (malformed included). */
export type SignatureRejection = 'missing' | SignatureFault;

export type SignatureVerdict =
  | { readonly valid: true; readonly scheme: SignatureScheme; readonly secretIndex: number }
  | { readonly valid: false; readonly reason: SignatureRejection };

export interface SignatureCheck {
  /** The X-Signature header as received (repeated headers joined with ", "); undefined when absent. */
  readonly header: string | undefined;
  /** The exact raw request body. */
  readonly body: Uint8Array;
  /** The secrets any of which may have signed, current first. */
  readonly secrets: readonly string[];
  readonly now: Date;
  /** Accept only the timestamped `t=<unix>,v1=<hex>` form (the domain's `requiresSignedTimestamp`). */
  readonly requireTimestamp: boolean;
}

/** Checks webhook signatures (CONTRACT section 4). */
export interface SignatureVerifier {
  /**
   * The verdict on `header` for `body`. Adapters judge a matching signature by the domain's signature
   * policy (`timestampFault`) rather than restating its tolerance. They never throw, whatever the header
   * holds (any length, any bytes), compare in constant time after a length check, and compute one MAC
   * over the body per secret whatever the header holds (absent and malformed included), so that the work
   * done for an unknown webhook path (checked against a dummy secret) looks like the work for a known one.
   */
  verify(check: SignatureCheck): SignatureVerdict;
}

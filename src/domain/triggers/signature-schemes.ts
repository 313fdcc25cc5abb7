import { InvalidInput } from '../kernel/errors.ts';

/**
 * How a trigger's deliveries are signed (CONTRACT section 8): the platform's own `X-Signature`, or the
 * scheme of a provider whose webhooks the trigger receives as they are sent.
 */
/** Providers whose own signature scheme a trigger can take, as they send it. */
export const PROVIDER_SIGNATURE_SCHEMES = [
  'github',
  'stripe',
  'slack',
  'standard-webhooks',
  'shopify',
] as const;
export const TRIGGER_SIGNATURE_SCHEMES = ['platform', ...PROVIDER_SIGNATURE_SCHEMES] as const;
export type TriggerSignatureScheme = (typeof TRIGGER_SIGNATURE_SCHEMES)[number];

/** Schemes whose signatures sign no timestamp: a trigger using one cannot require timestamped signatures. */
const UNTIMESTAMPED: ReadonlySet<TriggerSignatureScheme> = new Set(['github', 'shopify']);

export const MIN_SIGNING_SECRET_LENGTH = 16;
export const MAX_SIGNING_SECRET_LENGTH = 256;

const PRINTABLE = /^[\x20-\x7e]+$/;
/** `whsec_` and standard base64 of at least 16 bytes (the Standard Webhooks key is the decoded bytes). */
const STANDARD_WEBHOOKS_SECRET =
  /^whsec_(?=[A-Za-z0-9+/=]{24,})(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function isTriggerSignatureScheme(value: string): value is TriggerSignatureScheme {
  return (TRIGGER_SIGNATURE_SCHEMES as readonly string[]).includes(value);
}

/** Whether a scheme's signatures carry a signed timestamp (Stripe, Slack, Standard Webhooks, the platform's `t=` form). */
export function canSignTimestamp(scheme: TriggerSignatureScheme): boolean {
  return !UNTIMESTAMPED.has(scheme);
}

/** Refuses `require_timestamp` on a scheme that never signs one: no delivery could ever pass. */
export function checkTimestampRule(scheme: TriggerSignatureScheme, requireTimestamp: boolean): void {
  if (requireTimestamp && !canSignTimestamp(scheme)) {
    throw new InvalidInput(`${scheme} signatures carry no timestamp: require_timestamp cannot be set`);
  }
}

/**
 * A signing secret a caller supplies (providers that generate their own): 16 to 256 printable ASCII
 * characters, not all the same one (a guessable key would let anyone sign deliveries); for
 * `standard-webhooks`, `whsec_` and the standard base64 of the key.
 */
export function parseSigningSecret(scheme: TriggerSignatureScheme, value: string): string {
  const length = value.length;
  if (length < MIN_SIGNING_SECRET_LENGTH || length > MAX_SIGNING_SECRET_LENGTH || !PRINTABLE.test(value)) {
    throw new InvalidInput(
      `signing_secret must be ${MIN_SIGNING_SECRET_LENGTH} to ${MAX_SIGNING_SECRET_LENGTH} printable ASCII characters`,
    );
  }
  if (new Set(value).size < 2) throw new InvalidInput('signing_secret must not repeat a single character');
  if (scheme === 'standard-webhooks' && !STANDARD_WEBHOOKS_SECRET.test(value)) {
    throw new InvalidInput(
      'a standard-webhooks signing_secret is whsec_ followed by the standard base64 of at least 16 bytes',
    );
  }
  return value;
}

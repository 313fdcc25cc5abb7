import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  SignatureCheck,
  SignatureVerdict,
  SignatureVerifier,
} from '../../../application/triggers/ports/signature-verifier.ts';
import type { SignatureScheme } from '../../../domain/triggers/delivery.ts';
import { timestampFault } from '../../../domain/triggers/signature-policy.ts';

/** Far more than any honest list of signatures; a longer header is not even split (it cannot match). */
export const MAX_HEADER_LENGTH = 4096;
const MAX_ENTRIES = 16;
const MAC_BYTES = 32;

const HEX = /^[0-9a-fA-F]{64}$/;
const SHA256_HEX = /^sha256=([0-9a-fA-F]{64})$/i;
const BASE64 = /^[A-Za-z0-9+/]{43}=?$/;
const BASE64URL = /^[A-Za-z0-9_-]{43}=?$/;
const TIMESTAMP = /^t=(\d{1,12})$/;
const V1 = /^v1=([0-9a-fA-F]{64})$/;
/** Other schemes of the timestamped form (Stripe also sends `v0=`): ignored, as Stripe's own libraries do. */
const OTHER_SCHEME = /^v\d{1,3}=[^,]*$/;

/** A MAC of `parts`, in order, keyed with the UTF-8 bytes of `secret` (or with the bytes given). */
export type MacFunction = (secret: string | Uint8Array, ...parts: readonly (string | Uint8Array)[]) => Buffer;

export const hmacSha256: MacFunction = (secret, ...parts) => {
  const hmac = createHmac('sha256', secret);
  for (const part of parts) hmac.update(part);
  return hmac.digest();
};

interface Candidate {
  readonly mac: Buffer;
  readonly scheme: SignatureScheme;
}

type Parsed =
  | { readonly form: 'plain'; readonly candidates: readonly Candidate[] }
  | { readonly form: 'timestamped'; readonly timestamp: string; readonly candidates: readonly Candidate[] };

/**
 * The platform scheme: HMAC-SHA256 webhook signatures, keyed with the UTF-8 bytes of the whole secret string, over the exact raw
 * body. `X-Signature` holds one or more comma-separated signatures, each `sha256=<hex>`, bare hex (either
 * case), or base64 / base64url of the 32-byte MAC; or the timestamped form `t=<unix>,v1=<hex>[,v1=<hex>]`
 * over `<t>.<body>`. One matching signature under any of the secrets is enough; the domain's signature policy
 * then judges its timestamp (the tolerance, the trigger's `require_timestamp`).
 */
export class HmacSignatureVerifier implements SignatureVerifier {
  readonly #mac: MacFunction;

  /** `mac` is HMAC-SHA256; a test passes a counting wrapper to check how many MACs a request costs. */
  constructor(mac: MacFunction = hmacSha256) {
    this.#mac = mac;
  }

  verify({ headers, body, secrets, now, requireTimestamp }: SignatureCheck): SignatureVerdict {
    const header = headers('x-signature');
    const parsed = header === undefined ? undefined : parse(header);
    // One MAC per secret whatever the header holds: the cost of a request depends on its body and the
    // number of secrets, never on how wrong the signature is (nor on whether the path exists).
    const prefix = parsed?.form === 'timestamped' ? `${parsed.timestamp}.` : '';
    const expected = secrets.map((secret) => this.#mac(secret, prefix, body));
    if (header === undefined) return { valid: false, reason: 'missing' };
    const match = parsed && findMatch(parsed.candidates, expected);
    if (!parsed || !match) return { valid: false, reason: 'mismatch' };
    const signedAt = parsed.form === 'timestamped' ? Number(parsed.timestamp) : undefined;
    const fault = timestampFault(signedAt, now, requireTimestamp);
    if (fault) return { valid: false, reason: fault };
    return { valid: true, scheme: match.scheme, secretIndex: match.secretIndex };
  }
}

function findMatch(
  candidates: readonly Candidate[],
  expected: readonly Buffer[],
): { scheme: SignatureScheme; secretIndex: number } | undefined {
  for (const candidate of candidates) {
    for (const [secretIndex, mac] of expected.entries()) {
      // timingSafeEqual throws on a length mismatch: check the length first (always 32 here by parsing).
      if (candidate.mac.length === mac.length && timingSafeEqual(candidate.mac, mac)) {
        return { scheme: candidate.scheme, secretIndex };
      }
    }
  }
  return undefined;
}

/** The signatures a header carries; undefined when it is not one of the accepted shapes at all. */
function parse(header: string): Parsed | undefined {
  if (header.length === 0 || header.length > MAX_HEADER_LENGTH) return undefined;
  const entries = header.split(',').map((entry) => entry.trim());
  if (entries.length > MAX_ENTRIES) return undefined;
  return entries.some((entry) => entry.startsWith('t=')) ? parseTimestamped(entries) : parsePlain(entries);
}

/** `t=<unix>,v1=<hex>[,v1=<hex>]` (other `vN=` entries ignored), as the platform and Stripe write it. */
export function parseTimestamped(
  entries: readonly string[],
): Extract<Parsed, { form: 'timestamped' }> | undefined {
  let timestamp: string | undefined;
  const candidates: Candidate[] = [];
  for (const entry of entries) {
    const t = TIMESTAMP.exec(entry);
    if (t) {
      if (timestamp !== undefined) return undefined; // two timestamps: which one was signed?
      timestamp = t[1];
      continue;
    }
    const v1 = V1.exec(entry);
    if (v1?.[1]) candidates.push({ mac: Buffer.from(v1[1], 'hex'), scheme: 'timestamped' });
    else if (!OTHER_SCHEME.test(entry)) return undefined;
  }
  return timestamp === undefined || candidates.length === 0
    ? undefined
    : { form: 'timestamped', timestamp, candidates };
}

function parsePlain(entries: readonly string[]): Parsed | undefined {
  const candidates = entries.map(plainCandidate).filter((candidate) => candidate !== undefined);
  return candidates.length === 0 ? undefined : { form: 'plain', candidates };
}

function plainCandidate(entry: string): Candidate | undefined {
  const prefixed = SHA256_HEX.exec(entry);
  if (prefixed?.[1]) return { mac: Buffer.from(prefixed[1], 'hex'), scheme: 'sha256_hex' };
  if (HEX.test(entry)) return { mac: Buffer.from(entry, 'hex'), scheme: 'hex' };
  const scheme = BASE64.test(entry) ? 'base64' : BASE64URL.test(entry) ? 'base64url' : undefined;
  if (!scheme) return undefined;
  const mac = Buffer.from(entry, scheme);
  return mac.length === MAC_BYTES ? { mac, scheme } : undefined;
}

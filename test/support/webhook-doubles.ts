import { createHmac } from 'node:crypto';
import { HmacSignatureVerifier } from '../../src/adapters/triggers/crypto/hmac-signature-verifier.ts';
import type { RateLimiter } from '../../src/application/kernel/ports/rate-limiter.ts';
import type {
  SignatureCheck,
  SignatureVerifier,
  SignatureVerifiers,
} from '../../src/application/triggers/ports/signature-verifier.ts';
import type { IncomingDelivery } from '../../src/application/triggers/receive-delivery.ts';
import { RateLimited } from '../../src/domain/kernel/errors.ts';
import { PayloadTooLarge } from '../../src/domain/triggers/webhook-errors.ts';
import { useCases } from './test-container.ts';

/** The real HMAC verifier, recording which secrets each call was given. */
export class RecordingVerifier implements SignatureVerifier {
  readonly calls: SignatureCheck[] = [];
  readonly #inner = new HmacSignatureVerifier();
  verify(check: SignatureCheck) {
    this.calls.push(check);
    return this.#inner.verify(check);
  }
}

/** The registry with the platform scheme recording its calls (the other schemes are not used by these tests). */
export function recordingVerifiers(): SignatureVerifiers & { readonly platform: RecordingVerifier } {
  const platform = new RecordingVerifier();
  return {
    platform,
    github: platform,
    stripe: platform,
    slack: platform,
    'standard-webhooks': platform,
    shopify: platform,
  };
}

/** A header lookup over a record of lower-case names, as the HTTP adapter builds it. */
export const headerLookup =
  (headers: Readonly<Record<string, string>>) =>
  (name: string): string | undefined =>
    headers[name];

/** Counts per key; refuses keys a test blocks. */
export class RecordingRateLimiter implements RateLimiter {
  readonly keys: string[] = [];
  readonly blocked = new Set<string>();
  async consume(key: string): Promise<void> {
    this.keys.push(key);
    if (this.blocked.has(key)) throw new RateLimited(7);
  }
}

/** Every use case on in-memory adapters, the signature check and the per-path limiter recording their calls. */
export const triggerUseCases = () =>
  useCases({
    now: new Date(),
    doubles: {
      signatureVerifiers: recordingVerifiers(),
      webhookRateLimiter: new RecordingRateLimiter(),
    },
  });

export const hexSignature = (body: Uint8Array | string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** A delivery as the HTTP adapter would hand it over, signed with `secret` unless `signature` says otherwise. */
export function incoming(
  webhookPath: string,
  body: string | Uint8Array,
  secret: string | undefined,
  { signature, ...overrides }: Partial<IncomingDelivery> & { readonly signature?: string } = {},
): IncomingDelivery {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const presented = signature ?? (secret === undefined ? undefined : hexSignature(bytes, secret));
  return {
    webhookPath,
    requestHeaders: headerLookup(presented === undefined ? {} : { 'x-signature': presented }),
    readBody: async (limit) => {
      if (bytes.byteLength > limit) throw new PayloadTooLarge(limit, bytes.byteLength);
      return bytes;
    },
    declaredBytes: bytes.byteLength,
    contentType: 'application/json',
    headers: { 'content-type': 'application/json', 'x-event': 'push' },
    query: {},
    idempotencyKey: undefined,
    deliveryIdHeader: undefined,
    sourceIp: '203.0.113.9',
    ...overrides,
  };
}

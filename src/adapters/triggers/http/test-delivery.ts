import type { IncomingDelivery } from '../../../application/triggers/receive-delivery.ts';
import type { Trigger } from '../../../domain/triggers/index.ts';
import { signedTestHeaders } from '../crypto/test-delivery-signer.ts';
import { keptHeaders } from './webhook-headers.ts';

/** The small JSON body of a test delivery sent from the console. */
export const TEST_DELIVERY_BODY = '{"test":true}';

/**
 * A delivery to `trigger` signed with its own secret per its scheme, as `receiveDelivery` takes a request from
 * outside: the same ingest path (budget, verification, idempotency, quota, intake), so it is logged and queues
 * a run like any other.
 */
export function signedTestDelivery(
  trigger: Trigger,
  signing: { readonly now: Date; readonly id: string; readonly sourceIp: string | null },
): IncomingDelivery {
  const bytes = new TextEncoder().encode(TEST_DELIVERY_BODY);
  const headers: Record<string, string> = {
    ...signedTestHeaders(trigger.signatureScheme, {
      ...signing,
      secret: trigger.signingSecret,
      body: TEST_DELIVERY_BODY,
    }),
    'user-agent': 'console-test-delivery',
  };
  return {
    webhookPath: trigger.webhookPath,
    requestHeaders: (name) => headers[name],
    readBody: async () => bytes,
    declaredBytes: bytes.byteLength,
    contentType: headers['content-type'] ?? null,
    headers: keptHeaders(headers),
    query: {},
    idempotencyKey: undefined,
    deliveryIdHeader: undefined,
    sourceIp: signing.sourceIp,
  };
}

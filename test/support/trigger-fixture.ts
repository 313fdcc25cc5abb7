import { createHmac, randomUUID } from 'node:crypto';
import { HmacSignatureVerifier } from '../../src/adapters/crypto/hmac-signature-verifier.ts';
import { RandomWebhookSecretGenerator } from '../../src/adapters/crypto/random-webhook-secret-generator.ts';
import { makeGetDelivery } from '../../src/application/deliveries/get-delivery.ts';
import { makeListDeliveries } from '../../src/application/deliveries/list-deliveries.ts';
import { makePurgeDeliveryBodies } from '../../src/application/deliveries/purge-delivery-bodies.ts';
import { makeReplayDelivery } from '../../src/application/deliveries/replay-delivery.ts';
import type { RateLimiter } from '../../src/application/ports/rate-limiter.ts';
import type { SignatureCheck, SignatureVerifier } from '../../src/application/ports/signature-verifier.ts';
import { makeCreateTrigger } from '../../src/application/triggers/create-trigger.ts';
import { makeDeleteTrigger } from '../../src/application/triggers/delete-trigger.ts';
import { makeGetTrigger } from '../../src/application/triggers/get-trigger.ts';
import { makeListTriggers } from '../../src/application/triggers/list-triggers.ts';
import type { IncomingDelivery } from '../../src/application/triggers/receive-delivery.ts';
import { makeReceiveDelivery } from '../../src/application/triggers/receive-delivery.ts';
import { makeRevokePreviousTriggerSecret } from '../../src/application/triggers/revoke-previous-trigger-secret.ts';
import { makeRotateTriggerSecret } from '../../src/application/triggers/rotate-trigger-secret.ts';
import { makeUpdateTrigger } from '../../src/application/triggers/update-trigger.ts';
import { makeWorkspaceAccess } from '../../src/application/workspaces/workspace-access.ts';
import { RateLimited } from '../../src/domain/errors.ts';
import { PayloadTooLarge } from '../../src/domain/triggers/webhook-errors.ts';
import { FixedClock } from './auth-fakes.ts';
import type { World } from './persistence-world.ts';

/** The real HMAC verifier, recording which secrets each call was given. */
export class RecordingVerifier implements SignatureVerifier {
  readonly calls: SignatureCheck[] = [];
  readonly #inner = new HmacSignatureVerifier();
  verify(check: SignatureCheck) {
    this.calls.push(check);
    return this.#inner.verify(check);
  }
}

/** Counts per key; refuses keys a test blocks. */
export class RecordingRateLimiter implements RateLimiter {
  readonly keys: string[] = [];
  readonly blocked = new Set<string>();
  async consume(key: string): Promise<void> {
    this.keys.push(key);
    if (this.blocked.has(key)) throw new RateLimited(7);
  }
}

/** Every trigger and delivery use case on the adapters of `world`, with a hand-moved clock. */
export function triggerUseCases(world: World) {
  const clock = new FixedClock(new Date());
  const deps = {
    ...world,
    clock,
    ids: { newId: randomUUID },
    workspaceAccess: makeWorkspaceAccess(world),
    webhookSecrets: new RandomWebhookSecretGenerator(),
    signatureVerifier: new RecordingVerifier(),
    webhookRateLimiter: new RecordingRateLimiter(),
    deliveryRetention: { retentionDays: 30, batchSize: 2 },
  };
  return {
    ...deps,
    createTrigger: makeCreateTrigger(deps),
    listTriggers: makeListTriggers(deps),
    getTrigger: makeGetTrigger(deps),
    updateTrigger: makeUpdateTrigger(deps),
    deleteTrigger: makeDeleteTrigger(deps),
    rotateTriggerSecret: makeRotateTriggerSecret(deps),
    revokePreviousTriggerSecret: makeRevokePreviousTriggerSecret(deps),
    receiveDelivery: makeReceiveDelivery(deps),
    listDeliveries: makeListDeliveries(deps),
    getDelivery: makeGetDelivery(deps),
    replayDelivery: makeReplayDelivery(deps),
    purgeDeliveryBodies: makePurgeDeliveryBodies(deps),
  };
}

export const hexSignature = (body: Uint8Array | string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** A delivery as the HTTP adapter would hand it over, signed with `secret` unless `signature` says otherwise. */
export function incoming(
  webhookPath: string,
  body: string | Uint8Array,
  secret: string | undefined,
  overrides: Partial<IncomingDelivery> = {},
): IncomingDelivery {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return {
    webhookPath,
    signature: secret === undefined ? undefined : hexSignature(bytes, secret),
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

import { BatchedRateLimiter } from '../adapters/platform/throttling/batched-rate-limiter.ts';
import { FlexibleRateLimiter } from '../adapters/platform/throttling/flexible-rate-limiter.ts';
import { GithubSignatureVerifier } from '../adapters/triggers/crypto/github-signature-verifier.ts';
import { HmacSignatureVerifier } from '../adapters/triggers/crypto/hmac-signature-verifier.ts';
import { RandomWebhookSecretGenerator } from '../adapters/triggers/crypto/random-webhook-secret-generator.ts';
import { ShopifySignatureVerifier } from '../adapters/triggers/crypto/shopify-signature-verifier.ts';
import { SlackSignatureVerifier } from '../adapters/triggers/crypto/slack-signature-verifier.ts';
import { StandardWebhooksSignatureVerifier } from '../adapters/triggers/crypto/standard-webhooks-signature-verifier.ts';
import { StripeSignatureVerifier } from '../adapters/triggers/crypto/stripe-signature-verifier.ts';
import { webhookSecretBox } from '../adapters/triggers/crypto/webhook-secret-box.ts';
import { DeliveryPurgeJob } from '../adapters/triggers/delivery-purge-job.ts';
import { makeCreateTrigger } from '../application/triggers/create-trigger.ts';
import { makeDeleteTrigger } from '../application/triggers/delete-trigger.ts';
import { makeGetDelivery } from '../application/triggers/get-delivery.ts';
import { makeGetTrigger } from '../application/triggers/get-trigger.ts';
import { makeListDeliveries } from '../application/triggers/list-deliveries.ts';
import { makeListTriggers } from '../application/triggers/list-triggers.ts';
import { makePurgeDeliveryBodies } from '../application/triggers/purge-delivery-bodies.ts';
import { makeReceiveDelivery } from '../application/triggers/receive-delivery.ts';
import { makeReplayDelivery } from '../application/triggers/replay-delivery.ts';
import { makeRevokePreviousTriggerSecret } from '../application/triggers/revoke-previous-trigger-secret.ts';
import { makeRotateTriggerSecret } from '../application/triggers/rotate-trigger-secret.ts';
import { makeUpdateTrigger } from '../application/triggers/update-trigger.ts';
import type { Config } from '../config.ts';
import type { WebhookTriggersCradle } from './cradle.ts';
import { instance, type Registrations, singleton, value, withReplaced } from './registration.ts';

/** Webhook triggers (signing secrets sealed at rest), HMAC-verified ingest, the delivery log and its retention. */
export function webhookTriggers(config: Config): Registrations<keyof WebhookTriggersCradle> {
  return {
    // A key of its own (HKDF purpose `webhook-secrets`): the signing-key box's key never opens webhook secrets.
    webhookSecretBox: singleton(({ masterKey }) => webhookSecretBox(masterKey)),
    webhookSecrets: instance(RandomWebhookSecretGenerator),
    // One verifier per signature scheme; ingest picks the trigger's.
    signatureVerifiers: value({
      platform: new HmacSignatureVerifier(),
      github: new GithubSignatureVerifier(),
      stripe: new StripeSignatureVerifier(),
      slack: new SlackSignatureVerifier(),
      'standard-webhooks': new StandardWebhooksSignatureVerifier(),
      shopify: new ShopifySignatureVerifier(),
    }),
    // Counted in memory and synchronised in batches (WEBHOOK_RATE_LIMIT_SYNC_MS) on a shared store; on the
    // `memory` store, or with syncing off, each delivery is counted in the store before it is answered.
    webhookRateLimiter: singleton(
      ({ rateLimiterFactory }) => {
        const options = { keyPrefix: 'webhook', points: config.webhooks.rateLimitPerMinute, duration: 60 };
        const syncMs = config.webhooks.rateLimitSyncMs;
        return syncMs > 0 && rateLimiterFactory.kind !== 'memory'
          ? new BatchedRateLimiter(rateLimiterFactory, { ...options, syncMs })
          : new FlexibleRateLimiter(rateLimiterFactory, options);
      },
      (limiter) => {
        if (limiter instanceof BatchedRateLimiter) limiter.stop();
      },
    ),
    deliveryRetention: value({ retentionDays: config.webhooks.retentionDays, batchSize: 1000 }),
    createTrigger: singleton(makeCreateTrigger),
    listTriggers: singleton(makeListTriggers),
    getTrigger: singleton(makeGetTrigger),
    updateTrigger: singleton(makeUpdateTrigger),
    deleteTrigger: singleton(makeDeleteTrigger),
    rotateTriggerSecret: singleton(makeRotateTriggerSecret),
    revokePreviousTriggerSecret: singleton(makeRevokePreviousTriggerSecret),
    receiveDelivery: singleton((cradle) =>
      makeReceiveDelivery(
        withReplaced(cradle, { triggers: cradle.cachedTriggers, missions: cradle.cachedMissions }),
      ),
    ),
    listDeliveries: singleton(makeListDeliveries),
    getDelivery: singleton(makeGetDelivery),
    replayDelivery: singleton(makeReplayDelivery),
    purgeDeliveryBodies: singleton(makePurgeDeliveryBodies),
    // Webhook bodies past WEBHOOK_RETENTION_DAYS are dropped periodically.
    deliveryPurgeJob: singleton(
      ({ purgeDeliveryBodies, logger }) =>
        new DeliveryPurgeJob({
          purgeDeliveryBodies,
          logger,
          intervalSeconds: config.webhooks.purgeIntervalSeconds,
        }),
      (job) => job.stop(),
    ),
  };
}

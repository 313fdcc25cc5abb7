import { BatchedRateLimiter } from '../adapters/platform/throttling/batched-rate-limiter.ts';
import { FlexibleRateLimiter } from '../adapters/platform/throttling/flexible-rate-limiter.ts';
import { traced } from '../adapters/platform/tracing/traced.ts';
import { announcingTriggers, withCachedTriggerPaths } from '../adapters/triggers/caching/ingest-caches.ts';
import { GithubSignatureVerifier } from '../adapters/triggers/crypto/github-signature-verifier.ts';
import { HmacSignatureVerifier } from '../adapters/triggers/crypto/hmac-signature-verifier.ts';
import { RandomWebhookSecretGenerator } from '../adapters/triggers/crypto/random-webhook-secret-generator.ts';
import { ShopifySignatureVerifier } from '../adapters/triggers/crypto/shopify-signature-verifier.ts';
import { SlackSignatureVerifier } from '../adapters/triggers/crypto/slack-signature-verifier.ts';
import { StandardWebhooksSignatureVerifier } from '../adapters/triggers/crypto/standard-webhooks-signature-verifier.ts';
import { StripeSignatureVerifier } from '../adapters/triggers/crypto/stripe-signature-verifier.ts';
import { webhookSecretBox } from '../adapters/triggers/crypto/webhook-secret-box.ts';
import { deliveryRoutes } from '../adapters/triggers/http/delivery-routes.ts';
import { triggerRoutes } from '../adapters/triggers/http/trigger-routes.ts';
import { webhookRoutes } from '../adapters/triggers/http/webhook-routes.ts';
import { ThrottledRefusalLog } from '../adapters/triggers/logging/throttled-refusal-log.ts';
import { InMemoryDeliveryIntake } from '../adapters/triggers/memory/in-memory-delivery-intake.ts';
import { inMemoryDeliveryPurges } from '../adapters/triggers/memory/in-memory-delivery-purges.ts';
import { InMemoryDeliveryRepository } from '../adapters/triggers/memory/in-memory-delivery-repository.ts';
import { InMemoryTriggerRepository } from '../adapters/triggers/memory/in-memory-trigger-repository.ts';
import {
  countedReceiveDelivery,
  type DeliveryMetrics,
  deliveryMetrics,
} from '../adapters/triggers/metrics/delivery-metrics.ts';
import { PostgresDeliveryIntake } from '../adapters/triggers/postgres/postgres-delivery-intake.ts';
import { postgresDeliveryPurges } from '../adapters/triggers/postgres/postgres-delivery-purges.ts';
import { PostgresDeliveryRepository } from '../adapters/triggers/postgres/postgres-delivery-repository.ts';
import { PostgresTriggerRepository } from '../adapters/triggers/postgres/postgres-trigger-repository.ts';
import type { RateLimiter } from '../application/kernel/ports/rate-limiter.ts';
import type { RetentionPurge } from '../application/kernel/ports/retention-purge.ts';
import type { SecretBox } from '../application/kernel/ports/secret-box.ts';
import { type CreateTrigger, makeCreateTrigger } from '../application/triggers/create-trigger.ts';
import { type DeleteTrigger, makeDeleteTrigger } from '../application/triggers/delete-trigger.ts';
import { type GetDelivery, makeGetDelivery } from '../application/triggers/get-delivery.ts';
import { type GetTrigger, makeGetTrigger } from '../application/triggers/get-trigger.ts';
import { type ListDeliveries, makeListDeliveries } from '../application/triggers/list-deliveries.ts';
import { type ListTriggers, makeListTriggers } from '../application/triggers/list-triggers.ts';
import type { DeliveryIntake } from '../application/triggers/ports/delivery-intake.ts';
import type { DeliveryRepository } from '../application/triggers/ports/delivery-repository.ts';
import type { RefusalLog } from '../application/triggers/ports/refusal-log.ts';
import type { SignatureVerifiers } from '../application/triggers/ports/signature-verifier.ts';
import type { TriggerRepository } from '../application/triggers/ports/trigger-repository.ts';
import type { WebhookSecretGenerator } from '../application/triggers/ports/webhook-secret-generator.ts';
import { makeReceiveDelivery, type ReceiveDelivery } from '../application/triggers/receive-delivery.ts';
import { makeReplayDelivery, type ReplayDelivery } from '../application/triggers/replay-delivery.ts';
import {
  makeRevokePreviousTriggerSecret,
  type RevokePreviousTriggerSecret,
} from '../application/triggers/revoke-previous-trigger-secret.ts';
import {
  makeRotateTriggerSecret,
  type RotateTriggerSecret,
} from '../application/triggers/rotate-trigger-secret.ts';
import { makeUpdateTrigger, type UpdateTrigger } from '../application/triggers/update-trigger.ts';
import type { Area } from './area.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';
import type { ThroughSchedules } from './schedules.ts';

/** Webhook triggers (signing secrets sealed at rest), signed ingest, the delivery log and its retention. */
export interface TriggersCradle {
  triggers: TriggerRepository;
  /** Ingest's lookup of a trigger by webhook path, its secrets unsealed once, cached. */
  cachedTriggers: TriggerRepository;
  deliveries: DeliveryRepository;
  /** Ingest's refusals, into the delivery log and the log lines, at a bounded rate per trigger. */
  refusalLog: RefusalLog;
  /** Where accepted webhook deliveries and their runs are stored (grouped into shared commits on PostgreSQL). */
  deliveryIntake: DeliveryIntake;
  webhookSecretBox: SecretBox;
  webhookSecrets: WebhookSecretGenerator;
  signatureVerifiers: SignatureVerifiers;
  webhookRateLimiter: RateLimiter;
  /** Retention of the delivery log: bodies, duplicate and rejection entries, idempotency keys. */
  deliveryPurges: readonly RetentionPurge[];
  receiveDelivery: ReceiveDelivery;
  deliveryMetrics: DeliveryMetrics;
  createTrigger: CreateTrigger;
  listTriggers: ListTriggers;
  getTrigger: GetTrigger;
  updateTrigger: UpdateTrigger;
  deleteTrigger: DeleteTrigger;
  rotateTriggerSecret: RotateTriggerSecret;
  revokePreviousTriggerSecret: RevokePreviousTriggerSecret;
  listDeliveries: ListDeliveries;
  getDelivery: GetDelivery;
  replayDelivery: ReplayDelivery;
}

export type ThroughTriggers = ThroughSchedules & TriggersCradle;

const { singleton, instance, value } = registrar<ThroughTriggers>();
const { cachedRead, stored } = adaptersFor<ThroughTriggers>();

export const triggers: Area<TriggersCradle, ThroughTriggers> = {
  name: 'triggers',
  register: ({ config, persistence }) => ({
    triggers: singleton(
      stored(persistence, {
        postgres: ({ db, caching }, { webhookSecretBox }) =>
          caching.announcing(new PostgresTriggerRepository({ db, webhookSecretBox }), announcingTriggers),
        memory: (store) => new InMemoryTriggerRepository({ store }),
      }),
    ),
    cachedTriggers: cachedRead(persistence, ({ triggers }) => triggers, withCachedTriggerPaths),
    deliveries: singleton(
      stored(persistence, {
        postgres: ({ db }, { logger }) => new PostgresDeliveryRepository({ db, logger }),
        memory: (store) => new InMemoryDeliveryRepository({ store }),
      }),
    ),
    refusalLog: singleton(({ deliveries, logger }) => new ThrottledRefusalLog({ deliveries, logger })),
    deliveryIntake: singleton(
      stored(persistence, {
        postgres: ({ db }) =>
          new PostgresDeliveryIntake({
            db,
            maxBatch: config.webhooks.intakeBatchMax,
            budgetMs: config.databaseDeadlines.requestBudgetMs,
          }),
        memory: (store, { runs }) => new InMemoryDeliveryIntake({ store, runs }),
      }),
    ),
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
    deliveryPurges: singleton(
      stored(persistence, {
        postgres: ({ db }) => postgresDeliveryPurges(db),
        memory: (store) => inMemoryDeliveryPurges(store),
      }),
    ),
    deliveryMetrics: singleton(({ metrics }) => deliveryMetrics(metrics)),
    receiveDelivery: singleton((deps) =>
      countedReceiveDelivery(
        traced(deps.tracer, 'receiveDelivery', makeReceiveDelivery(deps)),
        deps.deliveryMetrics,
        // Counted with the runs area's transitions, as every other new run.
        () => deps.runMetrics.transitions.inc({ from: 'none', to: 'queued' }),
      ),
    ),
    createTrigger: singleton(makeCreateTrigger),
    listTriggers: singleton(makeListTriggers),
    getTrigger: singleton(makeGetTrigger),
    updateTrigger: singleton(makeUpdateTrigger),
    deleteTrigger: singleton(makeDeleteTrigger),
    rotateTriggerSecret: singleton(makeRotateTriggerSecret),
    revokePreviousTriggerSecret: singleton(makeRevokePreviousTriggerSecret),
    listDeliveries: singleton(makeListDeliveries),
    getDelivery: singleton(makeGetDelivery),
    replayDelivery: singleton(makeReplayDelivery),
  }),
  routes: (deps) => [...webhookRoutes(deps), ...triggerRoutes(deps), ...deliveryRoutes(deps)],
  retention: ({ deliveryPurges }) => deliveryPurges,
  metrics: ({ deliveryMetrics: _declared }) => {},
};

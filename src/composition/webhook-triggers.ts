import { type AwilixContainer, asClass, asFunction, asValue } from 'awilix';
import { HmacSignatureVerifier } from '../adapters/crypto/hmac-signature-verifier.ts';
import { RandomWebhookSecretGenerator } from '../adapters/crypto/random-webhook-secret-generator.ts';
import { webhookSecretBox } from '../adapters/crypto/webhook-secret-box.ts';
import { PostgresDeliveryRepository } from '../adapters/persistence/postgres/postgres-delivery-repository.ts';
import { PostgresTriggerRepository } from '../adapters/persistence/postgres/postgres-trigger-repository.ts';
import { DeliveryPurgeJob } from '../adapters/system/delivery-purge-job.ts';
import { FlexibleRateLimiter } from '../adapters/throttling/flexible-rate-limiter.ts';
import { type GetDelivery, makeGetDelivery } from '../application/deliveries/get-delivery.ts';
import { type ListDeliveries, makeListDeliveries } from '../application/deliveries/list-deliveries.ts';
import {
  type DeliveryRetention,
  makePurgeDeliveryBodies,
  type PurgeDeliveryBodies,
} from '../application/deliveries/purge-delivery-bodies.ts';
import { makeReplayDelivery, type ReplayDelivery } from '../application/deliveries/replay-delivery.ts';
import type { DeliveryRepository } from '../application/ports/delivery-repository.ts';
import type { RateLimiter } from '../application/ports/rate-limiter.ts';
import type { SecretBox } from '../application/ports/secret-box.ts';
import type { SignatureVerifier } from '../application/ports/signature-verifier.ts';
import type { TriggerRepository } from '../application/ports/trigger-repository.ts';
import type { WebhookSecretGenerator } from '../application/ports/webhook-secret-generator.ts';
import { type CreateTrigger, makeCreateTrigger } from '../application/triggers/create-trigger.ts';
import { type DeleteTrigger, makeDeleteTrigger } from '../application/triggers/delete-trigger.ts';
import { type GetTrigger, makeGetTrigger } from '../application/triggers/get-trigger.ts';
import { type ListTriggers, makeListTriggers } from '../application/triggers/list-triggers.ts';
import { makeReceiveDelivery, type ReceiveDelivery } from '../application/triggers/receive-delivery.ts';
import {
  makeRevokePreviousTriggerSecret,
  type RevokePreviousTriggerSecret,
} from '../application/triggers/revoke-previous-trigger-secret.ts';
import {
  makeRotateTriggerSecret,
  type RotateTriggerSecret,
} from '../application/triggers/rotate-trigger-secret.ts';
import { makeUpdateTrigger, type UpdateTrigger } from '../application/triggers/update-trigger.ts';
import type { Config } from '../config.ts';
import type { Cradle } from '../container.ts';

/** Webhook triggers, signed ingest, the delivery log and its retention. */
export interface WebhookTriggersCradle {
  webhookSecretBox: SecretBox;
  webhookSecrets: WebhookSecretGenerator;
  signatureVerifier: SignatureVerifier;
  webhookRateLimiter: RateLimiter;
  triggers: TriggerRepository;
  deliveries: DeliveryRepository;
  deliveryRetention: DeliveryRetention;
  createTrigger: CreateTrigger;
  listTriggers: ListTriggers;
  getTrigger: GetTrigger;
  updateTrigger: UpdateTrigger;
  deleteTrigger: DeleteTrigger;
  rotateTriggerSecret: RotateTriggerSecret;
  revokePreviousTriggerSecret: RevokePreviousTriggerSecret;
  receiveDelivery: ReceiveDelivery;
  listDeliveries: ListDeliveries;
  getDelivery: GetDelivery;
  replayDelivery: ReplayDelivery;
  purgeDeliveryBodies: PurgeDeliveryBodies;
  deliveryPurgeJob: DeliveryPurgeJob;
}

/** Webhook triggers (signing secrets sealed at rest), HMAC-verified ingest, the delivery log and its retention. */
export function registerWebhookTriggers(container: AwilixContainer<Cradle>, config: Config): void {
  container.register({
    // A key of its own (HKDF purpose `webhook-secrets`): the signing-key box's key never opens webhook secrets.
    webhookSecretBox: asFunction(({ masterKey }: Cradle) => webhookSecretBox(masterKey)).singleton(),
    webhookSecrets: asClass(RandomWebhookSecretGenerator).singleton(),
    signatureVerifier: asClass(HmacSignatureVerifier).singleton(),
    webhookRateLimiter: asFunction(
      ({ rateLimiterFactory }: Cradle) =>
        new FlexibleRateLimiter(rateLimiterFactory, {
          keyPrefix: 'webhook',
          points: config.webhooks.rateLimitPerMinute,
          duration: 60,
        }),
    ).singleton(),
    triggers: asClass(PostgresTriggerRepository).singleton(),
    deliveries: asClass(PostgresDeliveryRepository).singleton(),
    deliveryRetention: asValue({ retentionDays: config.webhooks.retentionDays, batchSize: 1000 }),
    createTrigger: asFunction(makeCreateTrigger).singleton(),
    listTriggers: asFunction(makeListTriggers).singleton(),
    getTrigger: asFunction(makeGetTrigger).singleton(),
    updateTrigger: asFunction(makeUpdateTrigger).singleton(),
    deleteTrigger: asFunction(makeDeleteTrigger).singleton(),
    rotateTriggerSecret: asFunction(makeRotateTriggerSecret).singleton(),
    revokePreviousTriggerSecret: asFunction(makeRevokePreviousTriggerSecret).singleton(),
    receiveDelivery: asFunction(makeReceiveDelivery).singleton(),
    listDeliveries: asFunction(makeListDeliveries).singleton(),
    getDelivery: asFunction(makeGetDelivery).singleton(),
    replayDelivery: asFunction(makeReplayDelivery).singleton(),
    purgeDeliveryBodies: asFunction(makePurgeDeliveryBodies).singleton(),
    deliveryPurgeJob: asFunction(
      ({ purgeDeliveryBodies, logger }: Cradle) =>
        new DeliveryPurgeJob({
          purgeDeliveryBodies,
          logger,
          intervalSeconds: config.webhooks.purgeIntervalSeconds,
        }),
    )
      .singleton()
      .disposer((job) => job.stop()),
  });
}

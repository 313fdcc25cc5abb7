import { apiWebhookPayloads } from '../adapters/webhooks/http/webhook-endpoint-presenters.ts';
import { webhookEndpointRoutes } from '../adapters/webhooks/http/webhook-endpoint-routes.ts';
import { InMemoryUsage } from '../adapters/webhooks/memory/in-memory-usage.ts';
import { InMemoryWebhookEndpointRepository } from '../adapters/webhooks/memory/in-memory-webhook-endpoint-repository.ts';
import { InMemoryWebhookMessageRepository } from '../adapters/webhooks/memory/in-memory-webhook-message-repository.ts';
import { CountedWebhookSender } from '../adapters/webhooks/metrics/counted-webhook-sender.ts';
import { NodeHttpWebhookSender } from '../adapters/webhooks/node-http-webhook-sender.ts';
import { PostgresUsage } from '../adapters/webhooks/postgres/postgres-usage.ts';
import { PostgresWebhookEndpointRepository } from '../adapters/webhooks/postgres/postgres-webhook-endpoint-repository.ts';
import { PostgresWebhookMessageRepository } from '../adapters/webhooks/postgres/postgres-webhook-message-repository.ts';
import { WebhookDispatcher } from '../adapters/webhooks/webhook-dispatcher.ts';
import type { Usage } from '../application/kernel/ports/usage.ts';
import {
  type AttemptWebhookMessage,
  makeAttemptWebhookMessage,
} from '../application/webhooks/attempt-webhook-message.ts';
import {
  type ClaimWebhookMessages,
  makeClaimWebhookMessages,
} from '../application/webhooks/claim-webhook-messages.ts';
import {
  type CreateWebhookEndpoint,
  makeCreateWebhookEndpoint,
} from '../application/webhooks/create-webhook-endpoint.ts';
import {
  type DeleteWebhookEndpoint,
  makeDeleteWebhookEndpoint,
} from '../application/webhooks/delete-webhook-endpoint.ts';
import {
  type DispatchWebhookMessages,
  makeDispatchWebhookMessages,
} from '../application/webhooks/dispatch-webhook-messages.ts';
import {
  type GetWebhookEndpoint,
  makeGetWebhookEndpoint,
} from '../application/webhooks/get-webhook-endpoint.ts';
import {
  type ListWebhookEndpoints,
  makeListWebhookEndpoints,
} from '../application/webhooks/list-webhook-endpoints.ts';
import {
  type ListWebhookMessages,
  makeListWebhookMessages,
} from '../application/webhooks/list-webhook-messages.ts';
import type { OutboundWebhookSettings } from '../application/webhooks/outbound-webhook-settings.ts';
import type { WebhookEndpointRepository } from '../application/webhooks/ports/webhook-endpoint-repository.ts';
import type { WebhookMessageRepository } from '../application/webhooks/ports/webhook-message-repository.ts';
import type { WebhookPayloads } from '../application/webhooks/ports/webhook-payloads.ts';
import type { WebhookSender } from '../application/webhooks/ports/webhook-sender.ts';
import { makeRecordRunOutcome, type RecordRunOutcome } from '../application/webhooks/record-run-outcome.ts';
import {
  makeRecordWorkspaceEvent,
  type RecordWorkspaceEvent,
} from '../application/webhooks/record-workspace-event.ts';
import {
  makeResendWebhookMessage,
  type ResendWebhookMessage,
} from '../application/webhooks/resend-webhook-message.ts';
import {
  makeRotateWebhookEndpointSecret,
  type RotateWebhookEndpointSecret,
} from '../application/webhooks/rotate-webhook-endpoint-secret.ts';
import {
  makeUpdateWebhookEndpoint,
  type UpdateWebhookEndpoint,
} from '../application/webhooks/update-webhook-endpoint.ts';
import type { Area } from './area.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';
import type { ThroughTriggers } from './triggers.ts';

/** Attempts outlast their 15 s timeout by far before another dispatcher may take the message. */
const LEASE_SECONDS = 60;
const BATCH_SIZE = 50;

/** Outbound webhooks: endpoints, the transactional outbox of run outcomes, and its dispatcher. */
export interface WebhooksCradle {
  /** The counts behind every area's quotas (see WorkspacesNeeds). */
  usage: Usage;
  webhookEndpoints: WebhookEndpointRepository;
  webhookMessages: WebhookMessageRepository;
  outboundWebhookSettings: OutboundWebhookSettings;
  webhookSender: WebhookSender;
  webhookPayloads: WebhookPayloads;
  webhookDispatcher: WebhookDispatcher;
  recordRunOutcome: RecordRunOutcome;
  /** Later areas' events (`approval.requested`) into the same outbox. */
  recordWorkspaceEvent: RecordWorkspaceEvent;
  claimWebhookMessages: ClaimWebhookMessages;
  attemptWebhookMessage: AttemptWebhookMessage;
  dispatchWebhookMessages: DispatchWebhookMessages;
  createWebhookEndpoint: CreateWebhookEndpoint;
  listWebhookEndpoints: ListWebhookEndpoints;
  getWebhookEndpoint: GetWebhookEndpoint;
  updateWebhookEndpoint: UpdateWebhookEndpoint;
  deleteWebhookEndpoint: DeleteWebhookEndpoint;
  rotateWebhookEndpointSecret: RotateWebhookEndpointSecret;
  listWebhookMessages: ListWebhookMessages;
  resendWebhookMessage: ResendWebhookMessage;
}

export type ThroughWebhooks = ThroughTriggers & WebhooksCradle;

const { singleton, value } = registrar<ThroughWebhooks>();
const { stored } = adaptersFor<ThroughWebhooks>();

export const webhooks: Area<WebhooksCradle, ThroughWebhooks> = {
  name: 'webhooks',
  register: ({ config, persistence }) => {
    const settings = config.outboundWebhooks;
    return {
      usage: singleton(
        stored(persistence, {
          postgres: ({ db }) => new PostgresUsage({ db }),
          memory: (store) => new InMemoryUsage({ store }),
        }),
      ),
      webhookEndpoints: singleton(
        stored(persistence, {
          postgres: ({ db }, { webhookSecretBox }) =>
            new PostgresWebhookEndpointRepository({ db, webhookSecretBox }),
          memory: (store) => new InMemoryWebhookEndpointRepository({ store }),
        }),
      ),
      webhookMessages: singleton(
        stored(persistence, {
          postgres: ({ db }) => new PostgresWebhookMessageRepository({ db }),
          memory: (store) => new InMemoryWebhookMessageRepository({ store }),
        }),
      ),
      outboundWebhookSettings: value({
        retryScheduleSeconds: settings.retryScheduleSeconds,
        batchSize: BATCH_SIZE,
        leaseSeconds: LEASE_SECONDS,
        perEndpoint: settings.perEndpoint,
        perWorkspace: settings.perWorkspace,
        disableAfterFailures: settings.disableAfterFailures,
      }),
      webhookSender: singleton(
        ({ metrics }) =>
          new CountedWebhookSender(
            new NodeHttpWebhookSender({ allowPrivate: settings.allowPrivate }),
            metrics,
          ),
      ),
      webhookPayloads: value(apiWebhookPayloads),
      webhookDispatcher: singleton(
        ({ claimWebhookMessages, attemptWebhookMessage, logger }) =>
          new WebhookDispatcher({
            claimWebhookMessages,
            attemptWebhookMessage,
            logger,
            intervalMs: settings.pollIntervalMs,
            limits: {
              concurrency: settings.concurrency,
              perEndpoint: settings.perEndpoint,
              perWorkspace: settings.perWorkspace,
            },
          }),
        (dispatcher) => dispatcher.stop(),
      ),
      recordRunOutcome: singleton(makeRecordRunOutcome),
      recordWorkspaceEvent: singleton(makeRecordWorkspaceEvent),
      claimWebhookMessages: singleton(makeClaimWebhookMessages),
      attemptWebhookMessage: singleton(makeAttemptWebhookMessage),
      dispatchWebhookMessages: singleton(makeDispatchWebhookMessages),
      createWebhookEndpoint: singleton(makeCreateWebhookEndpoint),
      listWebhookEndpoints: singleton(makeListWebhookEndpoints),
      getWebhookEndpoint: singleton(makeGetWebhookEndpoint),
      updateWebhookEndpoint: singleton(makeUpdateWebhookEndpoint),
      deleteWebhookEndpoint: singleton(makeDeleteWebhookEndpoint),
      rotateWebhookEndpointSecret: singleton(makeRotateWebhookEndpointSecret),
      listWebhookMessages: singleton(makeListWebhookMessages),
      resendWebhookMessage: singleton(makeResendWebhookMessage),
    };
  },
  routes: webhookEndpointRoutes,
  jobs: ({ webhookDispatcher }) => [webhookDispatcher],
  // Resolving the sender declares its metrics.
  metrics: ({ webhookSender }) => void webhookSender,
};

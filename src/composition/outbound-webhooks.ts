import { apiWebhookPayloads } from '../adapters/webhooks/http/webhook-endpoint-presenters.ts';
import { NodeHttpWebhookSender } from '../adapters/webhooks/node-http-webhook-sender.ts';
import { WebhookDispatcher } from '../adapters/webhooks/webhook-dispatcher.ts';
import { makeCreateWebhookEndpoint } from '../application/webhooks/create-webhook-endpoint.ts';
import { makeDeleteWebhookEndpoint } from '../application/webhooks/delete-webhook-endpoint.ts';
import { makeDispatchWebhookMessages } from '../application/webhooks/dispatch-webhook-messages.ts';
import { makeGetWebhookEndpoint } from '../application/webhooks/get-webhook-endpoint.ts';
import { makeListWebhookEndpoints } from '../application/webhooks/list-webhook-endpoints.ts';
import { makeListWebhookMessages } from '../application/webhooks/list-webhook-messages.ts';
import { makeRecordRunOutcome } from '../application/webhooks/record-run-outcome.ts';
import { makeResendWebhookMessage } from '../application/webhooks/resend-webhook-message.ts';
import { makeRotateWebhookEndpointSecret } from '../application/webhooks/rotate-webhook-endpoint-secret.ts';
import { makeUpdateWebhookEndpoint } from '../application/webhooks/update-webhook-endpoint.ts';
import type { Config } from '../config.ts';
import type { OutboundWebhooksCradle } from './cradle.ts';
import { type Registrations, singleton, value } from './registration.ts';

/** Attempts outlast their 15 s timeout by far before another dispatcher may take the message. */
const LEASE_SECONDS = 60;
const BATCH_SIZE = 50;

/** Outbound webhooks: endpoints, the transactional outbox of run outcomes, and its dispatcher. */
export function outboundWebhooks(config: Config): Registrations<keyof OutboundWebhooksCradle> {
  const settings = config.outboundWebhooks;
  return {
    outboundWebhookSettings: value({
      retryScheduleSeconds: settings.retryScheduleSeconds,
      batchSize: BATCH_SIZE,
      leaseSeconds: LEASE_SECONDS,
    }),
    webhookSender: value(new NodeHttpWebhookSender({ allowPrivate: settings.allowPrivate })),
    webhookPayloads: value(apiWebhookPayloads),
    recordRunOutcome: singleton(makeRecordRunOutcome),
    dispatchWebhookMessages: singleton(makeDispatchWebhookMessages),
    webhookDispatcher: singleton(
      ({ dispatchWebhookMessages, logger }) =>
        new WebhookDispatcher({
          dispatchWebhookMessages,
          logger,
          intervalMs: settings.pollIntervalMs,
          batchSize: BATCH_SIZE,
        }),
      (dispatcher) => dispatcher.stop(),
    ),
    createWebhookEndpoint: singleton(makeCreateWebhookEndpoint),
    listWebhookEndpoints: singleton(makeListWebhookEndpoints),
    getWebhookEndpoint: singleton(makeGetWebhookEndpoint),
    updateWebhookEndpoint: singleton(makeUpdateWebhookEndpoint),
    deleteWebhookEndpoint: singleton(makeDeleteWebhookEndpoint),
    rotateWebhookEndpointSecret: singleton(makeRotateWebhookEndpointSecret),
    listWebhookMessages: singleton(makeListWebhookMessages),
    resendWebhookMessage: singleton(makeResendWebhookMessage),
  };
}

// What later areas use of the webhooks area's domain: they import it from here only (`make layers`).
export type { WebhookEndpoint } from './webhook-endpoint.ts';
export { WEBHOOK_EVENT_TYPES } from './webhook-event-types.ts';
export type { DeliveryAttempt, WebhookMessage } from './webhook-message.ts';

import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhooks/webhook-event-types.ts';
import { closedObject, extendedObject, LINE, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import type { OutboundWebhookSpec } from '../../platform/http/openapi.ts';
import type { JsonSchema } from '../../platform/http/route.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { run } from '../../runs/index.ts';

const nullableTimestamp: JsonSchema = { ...timestamp, type: ['string', 'null'] };
const eventType: JsonSchema = { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] };
const eventTypes: JsonSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 4,
  uniqueItems: true,
  items: eventType,
  description: 'The events sent to this endpoint: run outcomes, and `approval.requested`.',
};
const url: JsonSchema = {
  type: 'string',
  format: 'uri',
  minLength: 8,
  maxLength: 2048,
  pattern: '^https?://',
  description:
    'Where messages are POSTed. No redirect is followed; targets resolving to loopback, private, link-local or ' +
    'metadata addresses are refused when sending (unless the server allows private targets for local testing).',
};
const description: JsonSchema = { type: ['string', 'null'], maxLength: 500, pattern: LINE };

export const webhookEndpoint: JsonSchema = closedObject({
  id: uuid,
  workspace_id: uuid,
  url,
  description,
  event_types: eventTypes,
  enabled: { type: 'boolean' },
  disabled_reason: {
    type: ['string', 'null'],
    enum: ['by_user', 'gone', 'failing', null],
    description:
      '`gone`: the receiver answered 410, which disables the endpoint until it is enabled again; `failing`: ' +
      'its attempts failed too many times in a row (`OUTBOUND_WEBHOOK_DISABLE_AFTER_FAILURES`).',
  },
  previous_secret_expires_at: {
    ...nullableTimestamp,
    description: 'Until then messages also carry a signature under the secret replaced by the last rotation.',
  },
  created_at: timestamp,
  updated_at: timestamp,
});

export const webhookEndpointWithSecret: JsonSchema = extendedObject(webhookEndpoint, {
  signing_secret: {
    type: 'string',
    minLength: 50,
    maxLength: 50,
    pattern: '^whsec_[A-Za-z0-9+/]{43}=$',
    readOnly: true,
    description:
      'The Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes (the HMAC key is the decoded ' +
      'bytes). Shown only in this answer: store it now.',
  },
});

export const createWebhookEndpointRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'event_types'],
  properties: { url, event_types: eventTypes, description },
};

export const updateWebhookEndpointRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    url,
    event_types: eventTypes,
    description,
    enabled: { type: 'boolean', description: 'Enabling again clears `disabled_reason`.' },
  },
};

const attempt: JsonSchema = closedObject({
  id: uuid,
  attempted_at: timestamp,
  duration_ms: { type: 'integer', format: 'int32', minimum: 0, maximum: 600000 },
  response_status: {
    type: ['integer', 'null'],
    format: 'int32',
    minimum: 100,
    maximum: 599,
    description: "The receiver's status code; null when no answer came.",
  },
  outcome: { type: 'string', enum: ['succeeded', 'failed'] },
  error: {
    type: ['string', 'null'],
    maxLength: 500,
    pattern: LINE,
    description: 'Why no acceptable answer came.',
  },
});

/** The message body as sent, and as OpenAPI `webhooks` describes it. */
export const webhookMessageBody: JsonSchema = closedObject({
  type: eventType,
  timestamp: { ...timestamp, description: 'When the run finished.' },
  data: closedObject({ run: { ...run, description: 'The run as `GET /api/runs/{id}` shows it.' } }),
});

/** A stored message's body: a run outcome's, or an `approval.requested` one (`data: {approval}`). */
const storedMessageBody: JsonSchema = closedObject({
  type: eventType,
  timestamp: { ...timestamp, description: 'When the event happened.' },
  data: {
    type: 'object',
    additionalProperties: false,
    properties: {
      run: { ...run, description: 'The run as `GET /api/runs/{id}` shows it (run events).' },
      approval: {
        type: 'object',
        description: 'The approval as `GET /api/approvals/{id}` shows it (`approval.requested`).',
      },
    },
  },
});

export const webhookMessage: JsonSchema = closedObject({
  id: uuid,
  webhook_id: {
    type: 'string',
    maxLength: 40,
    pattern: '^msg_[0-9a-f-]{36}$',
    description: 'The `webhook-id` header: the same on every attempt and resend.',
  },
  endpoint_id: uuid,
  event_type: eventType,
  status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
  next_attempt_at: {
    ...nullableTimestamp,
    description: 'When the next attempt is due (pending messages).',
  },
  created_at: timestamp,
  payload: storedMessageBody,
  attempts: { type: 'array', maxItems: 1000, items: attempt },
});

const OUTCOMES: Record<string, string> = {
  'run.succeeded': 'A run succeeded',
  'run.failed': 'A run failed (reported by its worker, or out of lease attempts)',
  'run.cancelled': 'A run was cancelled',
};

/** The outbound messages, as OpenAPI 3.1 `webhooks`: one per event type, each the same envelope. */
export const runOutcomeWebhooks: OutboundWebhookSpec[] = Object.entries(OUTCOMES).map(([name, summary]) => ({
  name,
  operationId: `${name.replace('.', '_')}_webhook`,
  summary,
  description:
    'Sent to every enabled endpoint of the run workspace subscribed to this event type, signed per Standard ' +
    'Webhooks, after the transaction that finished the run committed. Retried after 5 s, 5 min, 30 min, 2 h, 5 h, ' +
    '10 h and 10 h unless a 2xx comes within 15 s; redirects are not followed.',
  tags: [TAGS.notifications],
  schema: {
    ...webhookMessageBody,
    properties: { ...(webhookMessageBody.properties as object), type: { type: 'string', const: name } },
  },
}));

import { SIGNATURE_TOLERANCE_SECONDS } from '../../../domain/triggers/signature-policy.ts';
import { WEBHOOK_PATH_PREFIX_PATTERN } from '../../../domain/triggers/trigger-rules.ts';
import { pageQueryProperties } from '../pagination.ts';
import type { JsonSchema } from '../route.ts';
import { timestamp, uuid } from './common.ts';

const nullableTimestamp: JsonSchema = { ...timestamp, type: ['string', 'null'] };
const nullableUuid: JsonSchema = { ...uuid, type: ['string', 'null'] };
const name: JsonSchema = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' };
const webhookPath: JsonSchema = {
  type: 'string',
  minLength: 8,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_-]{8,128}$',
  description:
    'The last segment of the webhook URL: 22 random characters (128 bits), after `<prefix>-` when a prefix ' +
    'was asked for.',
};
const webhookPathPrefix: JsonSchema = {
  type: 'string',
  minLength: 8,
  maxLength: 105,
  pattern: WEBHOOK_PATH_PREFIX_PATTERN.source,
  description:
    'A readable prefix for the path: the server appends `-` and 22 random characters (128 bits), so the ' +
    'path stays unguessable and asking for a prefix never tells whether another trigger uses it. Default: ' +
    'a path of 22 random characters.',
};
const maxBodyBytes: JsonSchema = {
  type: 'integer',
  format: 'int32',
  minimum: 1,
  maximum: 16777216,
  description: 'Largest accepted delivery body in bytes (default 1048576, 1 MiB); larger ones answer 413.',
};
const requireTimestamp: JsonSchema = {
  type: 'boolean',
  description:
    'Accept only timestamped signatures `t=<unix seconds>,v1=<hex>` (replay protection: a timestamped ' +
    `signature is accepted within ${SIGNATURE_TOLERANCE_SECONDS} s of the server clock, either side).`,
};
const requireIdempotencyKey: JsonSchema = {
  type: 'boolean',
  description: 'Refuse (400) deliveries without an `Idempotency-Key` or `X-Delivery-Id` header.',
};
const signingSecret: JsonSchema = {
  type: 'string',
  minLength: 49,
  maxLength: 200,
  pattern: '^whsec_[A-Za-z0-9_-]+$',
  readOnly: true,
  description:
    'The HMAC-SHA256 key (its UTF-8 bytes, `whsec_` prefix included). Shown only in this answer: store it now.',
};

export const trigger: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'workspace_id',
    'mission_id',
    'name',
    'enabled',
    'webhook_path',
    'webhook_url',
    'max_body_bytes',
    'require_timestamp',
    'require_idempotency_key',
    'previous_secret_expires_at',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: uuid,
    workspace_id: uuid,
    mission_id: uuid,
    name: { type: 'string', maxLength: 200, pattern: '\\S' },
    enabled: { type: 'boolean', description: 'A disabled trigger answers 404 to deliveries.' },
    webhook_path: webhookPath,
    webhook_url: {
      type: 'string',
      format: 'uri',
      maxLength: 2200,
      description: 'Where senders POST signed deliveries.',
    },
    max_body_bytes: maxBodyBytes,
    require_timestamp: requireTimestamp,
    require_idempotency_key: requireIdempotencyKey,
    previous_secret_expires_at: {
      ...nullableTimestamp,
      description: 'Until then the secret replaced by the last rotation still verifies.',
    },
    created_at: timestamp,
    updated_at: timestamp,
  },
};

export const triggerWithSecret: JsonSchema = {
  ...trigger,
  required: [...(trigger.required as string[]), 'signing_secret'],
  properties: { ...(trigger.properties as object), signing_secret: signingSecret },
};

export const createTriggerRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mission_id', 'name'],
  properties: {
    mission_id: uuid,
    name,
    webhook_path: webhookPathPrefix,
    max_body_bytes: maxBodyBytes,
    require_timestamp: requireTimestamp,
    require_idempotency_key: requireIdempotencyKey,
  },
};

export const updateTriggerRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name,
    enabled: { type: 'boolean' },
    max_body_bytes: maxBodyBytes,
    require_timestamp: requireTimestamp,
    require_idempotency_key: requireIdempotencyKey,
  },
};

export const rotateSecretRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    grace_seconds: {
      type: 'integer',
      format: 'int32',
      minimum: 0,
      maximum: 2592000,
      default: 86400,
      description: 'How long the replaced secret keeps verifying (default 86400, one day; 0: not at all).',
    },
  },
};

export const listTriggersQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id'],
  properties: {
    workspace_id: uuid,
    mission_id: { ...uuid, description: "Only this mission's triggers." },
    ...pageQueryProperties,
  },
};

const deliveryStatus: JsonSchema = { type: 'string', enum: ['accepted', 'duplicate', 'rejected'] };

export const deliverySummary: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'trigger_id',
    'status',
    'reason',
    'received_at',
    'source_ip',
    'size_bytes',
    'content_type',
    'signature_scheme',
    'idempotency_key',
    'duplicate_of',
    'run_id',
    'body_purged_at',
  ],
  properties: {
    id: uuid,
    trigger_id: uuid,
    status: deliveryStatus,
    reason: {
      type: ['string', 'null'],
      enum: [
        'missing_signature',
        'invalid_signature',
        'payload_too_large',
        'unsupported_media_type',
        'invalid_request',
        null,
      ],
      description: 'Rejected deliveries: the problem code they were answered with.',
    },
    received_at: timestamp,
    source_ip: { type: ['string', 'null'], maxLength: 64, pattern: '^[0-9A-Fa-f.:]+$' },
    size_bytes: {
      type: 'integer',
      format: 'int64',
      minimum: 0,
      maximum: 9007199254740991,
      description: 'Body size (for a body refused by its Content-Length, the declared size).',
    },
    content_type: { type: ['string', 'null'], maxLength: 1024, pattern: '^[\\x20-\\x7E]*$' },
    signature_scheme: {
      type: ['string', 'null'],
      enum: ['sha256_hex', 'hex', 'base64', 'base64url', 'timestamped', null],
      description: 'How the accepted signature was written.',
    },
    idempotency_key: { type: ['string', 'null'], maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
    duplicate_of: { ...nullableUuid, description: 'Duplicates: the delivery they repeated.' },
    run_id: { ...nullableUuid, description: 'The run the delivery started (duplicates: the first one).' },
    body_purged_at: { ...nullableTimestamp, description: 'When the raw body was dropped (retention).' },
  },
};

const headerMap: JsonSchema = {
  type: 'object',
  maxProperties: 64,
  additionalProperties: { type: 'string', maxLength: 2048, pattern: '^[^\\x00-\\x08\\x0A-\\x1F\\x7F]*$' },
};
const queryMap: JsonSchema = {
  type: 'object',
  maxProperties: 64,
  additionalProperties: {
    anyOf: [
      { type: 'string', maxLength: 2048 },
      { type: 'array', maxItems: 32, items: { type: 'string', maxLength: 2048 } },
    ],
  },
};

export const delivery: JsonSchema = {
  ...deliverySummary,
  required: [
    ...(deliverySummary.required as string[]),
    'request_headers',
    'query',
    'body',
    'raw_body_base64',
  ],
  properties: {
    ...(deliverySummary.properties as object),
    request_headers: {
      ...headerMap,
      description:
        'The allow-listed headers kept: content type, user agent, and known event and delivery-id headers ' +
        '(GitHub, GitLab, Bitbucket, Shopify, Slack, Standard Webhooks, Svix). Never a signature or credential.',
    },
    query: queryMap,
    body: {
      description:
        'The body as a webhook run sees it: parsed JSON for a JSON content type, else UTF-8 text, else base64; ' +
        'null when purged or not accepted.',
    },
    raw_body_base64: {
      type: ['string', 'null'],
      maxLength: 22369624,
      pattern: '^[A-Za-z0-9+/]*={0,2}$',
      contentEncoding: 'base64',
      description: 'The exact bytes received, in base64 (null when purged or not accepted).',
    },
  },
};

export const listDeliveriesQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { ...deliveryStatus, description: 'Only deliveries with this outcome.' },
    ...pageQueryProperties,
  },
};

export const webhookParams: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['webhook_path'],
  properties: {
    webhook_path: {
      type: 'string',
      minLength: 1,
      maxLength: 128,
      description: "The trigger's `webhook_path` (8 to 128 characters of `[A-Za-z0-9_-]`).",
    },
  },
};

/** Any query parameters: they are handed to the run as `query`. */
export const webhookQuery: JsonSchema = {
  ...queryMap,
  description: 'Any query parameters; the run sees them as `input.query`.',
};

/** Not JSON: the signature is verified over the exact bytes, so the handler reads them itself. */
export const webhookBody = {
  raw: true,
  description: "Any bytes, any content type, at most the trigger's `max_body_bytes` (default 1 MiB).",
} as const;

export const deliveryReceipt: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['delivery_id', 'run_id', 'status'],
  properties: {
    delivery_id: uuid,
    run_id: nullableUuid,
    status: { type: 'string', enum: ['accepted', 'duplicate'] },
  },
};

export const replayResponse: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['delivery_id', 'run_id'],
  properties: { delivery_id: uuid, run_id: uuid },
};

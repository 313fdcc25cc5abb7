import { MAX_JSON_DEPTH } from '../../../domain/kernel/well-formed-json.ts';
import { isRawBody, type JsonSchema, type ResponseSpec, type RouteSpec } from './route.ts';

export const problemSchema: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details.',
  required: ['type', 'title', 'status', 'detail', 'code'],
  additionalProperties: false,
  properties: {
    type: {
      type: 'string',
      format: 'uri',
      maxLength: 200,
      pattern: '^urn:problem:[a-z_]+$',
      description: 'URI naming the problem type: `urn:problem:` followed by the code.',
    },
    title: { type: 'string', maxLength: 200 },
    status: { type: 'integer', format: 'int32', minimum: 400, maximum: 599 },
    detail: { type: 'string', maxLength: 2000 },
    code: {
      type: 'string',
      maxLength: 64,
      pattern: '^[a-z_]+$',
      description: 'Stable machine-readable code.',
    },
    errors: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        required: ['path', 'message'],
        additionalProperties: false,
        properties: {
          path: {
            type: 'string',
            format: 'json-pointer',
            maxLength: 500,
            description: 'JSON pointer into the request, e.g. /body/name.',
          },
          message: { type: 'string', maxLength: 500 },
        },
      },
    },
    limit: {
      type: 'object',
      required: ['name', 'max'],
      additionalProperties: false,
      description: 'With `quota_exceeded`: the limit reached (CONTRACT section 14).',
      properties: {
        name: { type: 'string', maxLength: 64, pattern: '^[a-z_]+$' },
        max: { type: 'integer', format: 'int32', minimum: 0, maximum: 2147483647 },
      },
    },
    mfa_token: {
      type: 'string',
      maxLength: 300,
      pattern: '^mfa_[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}$',
      description:
        'With `mfa_required` (login of an account with two-factor login): send it with a code to ' +
        '`POST /api/auth/login/mfa` within 5 minutes (CONTRACT section 14).',
    },
  },
};

/** Printable US-ASCII: what an HTTP field value of these headers is made of. */
const FIELD_VALUE = '^[\\x20-\\x7E]*$';

/** Response headers, published once under `components.headers` and referenced from the responses. */
const HEADERS: Record<string, Record<string, unknown>> = {
  'X-Request-Id': {
    description:
      "The request id: the client's own `X-Request-Id` when it is 1-128 characters of `A-Za-z0-9._:-`, " +
      'else a generated UUID. Quote it when reporting a problem.',
    required: true,
    schema: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:-]{1,128}$' },
  },
  RateLimit: {
    description:
      'Remaining quota of the client under a rate-limit policy (IETF draft-ietf-httpapi-ratelimit-headers), ' +
      'for example `"default";r=42;t=30`. Sent when the operation is under a quota.',
    required: false,
    schema: { type: 'string', maxLength: 256, pattern: FIELD_VALUE },
  },
  'RateLimit-Policy': {
    description:
      'The rate-limit policy that applies (IETF draft-ietf-httpapi-ratelimit-headers), for example ' +
      '`"default";q=100;w=60`. Sent together with `RateLimit`.',
    required: false,
    schema: { type: 'string', maxLength: 256, pattern: FIELD_VALUE },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 86400 },
  },
  'WWW-Authenticate': {
    description:
      'RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent; ' +
      '`Signature realm="webhooks"` on webhook ingest.',
    required: true,
    schema: { type: 'string', maxLength: 200, pattern: FIELD_VALUE },
  },
  'Access-Control-Allow-Origin': {
    description:
      'Never sent: the API grants no cross-origin browser access (no CORS). It is called by server-side ' +
      'clients with a bearer token, and by the web application from its own origin.',
    required: false,
    schema: { not: {} },
  },
};

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The headers a response with this status carries, before those the route declares itself. */
function headersFor(status: number): Record<string, unknown> {
  const names = ['X-Request-Id', 'Access-Control-Allow-Origin'];
  if (status < 300 || (status >= 400 && status < 500)) names.push('RateLimit', 'RateLimit-Policy');
  if (status === 401) names.push('WWW-Authenticate');
  if (status === 429 || status === 503) names.push('Retry-After');
  return Object.fromEntries(names.map((name) => [name, header(name)]));
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400:
    'Malformed request (`invalid_request`: JSON that does not parse, a body not in its `Content-Encoding`) or ' +
    'schema violation (`validation_failed`, with `errors`), which includes any string or key with U+0000 or a ' +
    `lone surrogate and JSON nested deeper than ${MAX_JSON_DEPTH} levels.`,
  401: 'Missing, malformed, expired or revoked credentials.',
  403: 'Authenticated, but the role does not allow this action.',
  404: 'No such resource (or it belongs to another workspace).',
  405: 'Method not allowed on this path.',
  409: 'The resource is not in a state that allows this.',
  413: 'Request body too large.',
  415: 'Unsupported media type or content encoding (JSON bodies may be gzip, deflate or br).',
  429: 'Throttled; retry after `Retry-After` seconds.',
  500: 'Unexpected error; the body carries no internal detail.',
  503: 'A dependency (the database) is unavailable; retry after `Retry-After` seconds.',
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export interface OpenApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description: string;
  readonly serverUrl: string;
  /** Requests this API sends (OpenAPI 3.1 `webhooks`), by event name. */
  readonly webhooks?: readonly OutboundWebhookSpec[];
}

/** One kind of request the API sends to its users' endpoints. */
export interface OutboundWebhookSpec {
  readonly name: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly schema: JsonSchema;
}

/** The Standard Webhooks headers every outbound message carries. */
const WEBHOOK_HEADERS = [
  {
    name: 'webhook-id',
    description:
      'The message id (`msg_` and a UUID): the same on every attempt and resend; drop repeats by it.',
    schema: { type: 'string', maxLength: 40, pattern: '^msg_[0-9a-f-]{36}$' },
  },
  {
    name: 'webhook-timestamp',
    description: 'Unix seconds when this attempt was signed; refuse values far from your clock (replays).',
    schema: { type: 'string', maxLength: 12, pattern: '^[0-9]{1,12}$' },
  },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64>`: HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the ' +
      "base64-decoded part of the endpoint's `whsec_` secret; two during the 24 h after a rotation, one per " +
      'secret. Any Standard Webhooks library verifies it.',
    schema: { type: 'string', maxLength: 200, pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
  },
];

function outboundWebhook(spec: OutboundWebhookSpec): Record<string, unknown> {
  return {
    post: {
      operationId: spec.operationId,
      summary: spec.summary,
      description: spec.description,
      tags: spec.tags,
      security: [],
      parameters: WEBHOOK_HEADERS.map((header) => ({ ...header, in: 'header', required: true })),
      requestBody: { required: true, content: { 'application/json': { schema: spec.schema } } },
      responses: {
        '200': { description: 'Received (any 2xx within 15 s counts). Anything else is retried.' },
        '410': {
          description: 'Gone: the endpoint is disabled and gets no more messages until it is enabled.',
        },
      },
    },
  };
}

/** Builds the OpenAPI 3.1 document from the same route declarations the router validates with. */
export function buildOpenApi(routes: readonly RouteSpec[], info: OpenApiInfo): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.internal) continue;
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = operation(route);
  }
  const referenced = JSON.stringify(paths);
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description: info.description,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Platform API team' },
    },
    servers: [{ url: info.serverUrl, 'x-internal': false }],
    security: [],
    tags: [...new Set(routes.filter((r) => !r.internal).flatMap((r) => r.tags))].map((name) => ({ name })),
    paths,
    ...(info.webhooks
      ? { webhooks: Object.fromEntries(info.webhooks.map((spec) => [spec.name, outboundWebhook(spec)])) }
      : {}),
    components: {
      schemas: { Problem: problemSchema },
      headers: Object.fromEntries(
        Object.entries(HEADERS).filter(([name]) => referenced.includes(`"#/components/headers/${name}"`)),
      ),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT access token or pk_ API key',
          description:
            'Either credential, as `Authorization: Bearer <credential>`. (1) A person: an access token (a ' +
            'JWS-signed JWT, `typ: at+jwt`) from POST /api/auth/login or /api/auth/refresh, valid for 900 s, ' +
            'issued and verified following the JWT best current practices of RFC8725: the algorithm, issuer, ' +
            'audience and type are pinned on verification; anything else is a 401. (2) A machine: a workspace ' +
            'API key `pk_<22-character key id>_<43-character secret>` from POST /api/workspaces/{id}/api-keys, ' +
            'valid until revoked or its `expires_at`; it acts only in its own workspace with its role (another ' +
            "workspace's resources answer 404) and gets 403 `api_key_not_allowed` on a person's own routes " +
            '(logout, login sessions, invitations, new workspaces, new keys). An unknown, revoked or expired key is 401 ' +
            '`invalid_token`.',
        },
        webhookSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Signature',
          description:
            'With the `platform` scheme: HMAC-SHA256 of the raw request body keyed with the trigger signing secret: ' +
            '`sha256=<hex>`, bare hex, base64 or base64url; or `t=<unix seconds>,v1=<hex>` over `<t>.<body>`. A ' +
            "trigger with a provider `signature_scheme` reads that provider's headers instead (`X-Hub-Signature-256`, " +
            '`Stripe-Signature`, `X-Slack-Signature`, `webhook-signature`, `X-Shopify-Hmac-Sha256`).',
        },
      },
    },
  };
}

function operation(route: RouteSpec): Record<string, unknown> {
  const op: Record<string, unknown> = {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: route.tags,
    security: securityOf(route),
  };
  const parameters = [
    ...parametersOf(route.params, 'path'),
    ...parametersOf(route.query, 'query'),
    ...(route.requestHeaders ?? []).map((header) => ({ ...header, in: 'header', required: false })),
  ];
  if (parameters.length > 0) op.parameters = parameters;
  const body = route.body;
  if (body) {
    op.requestBody = isRawBody(body)
      ? {
          required: body.optional !== true,
          description: body.description,
          content: body.content ?? {
            '*/*': { schema: { type: 'string', format: 'binary', maxLength: 16777216 } },
          },
        }
      : {
          required: requiresBody(body as JsonSchema),
          content: { 'application/json': { schema: body } },
        };
  }
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(route.responses))
    responses[status] = response(Number(status), spec);
  for (const status of errorStatuses(route)) {
    responses[String(status)] ??= {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error.',
      headers: headersFor(status),
      content: { 'application/problem+json': { schema: ref('Problem') } },
    };
  }
  op.responses = responses;
  return op;
}

/** An absent JSON body is validated as `{}`: it is optional exactly when no property is required. */
function requiresBody(schema: JsonSchema): boolean {
  return Array.isArray(schema.required) && schema.required.length > 0;
}

function securityOf(route: RouteSpec): unknown[] {
  if (route.security === 'bearer') return [{ bearerAuth: [] }];
  if (route.security === 'webhookSignature') return [{ webhookSignature: [] }];
  // Public on purpose (login, refresh, JWKS...): the empty requirement says "anonymous access", explicitly,
  // where an empty list would only say that no scheme was declared.
  return [{}];
}

function errorStatuses(route: RouteSpec): number[] {
  const statuses = new Set<number>(route.errors ?? []);
  // Every route validates its query string: an unknown query parameter is a 400 even without declared input.
  statuses.add(400);
  if (route.body && !isRawBody(route.body)) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.params) statuses.add(404);
  statuses.add(429);
  statuses.add(500);
  // Every route may need the database (authentication does): when it is down the answer is 503.
  statuses.add(503);
  return [...statuses].sort();
}

function parametersOf(schema: JsonSchema | undefined, where: 'path' | 'query'): unknown[] {
  if (!schema) return [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }));
}

function response(status: number, spec: ResponseSpec): Record<string, unknown> {
  return {
    description: spec.description,
    headers: { ...headersFor(status), ...spec.headers },
    ...(spec.schema
      ? { content: { [spec.contentType ?? 'application/json']: { schema: spec.schema } } }
      : {}),
  };
}

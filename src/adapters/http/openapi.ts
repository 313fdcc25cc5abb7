import { isRawBody, type JsonSchema, type ResponseSpec, type RouteSpec } from './route.ts';

export const problemSchema: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details.',
  required: ['type', 'title', 'status', 'detail', 'code'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', maxLength: 200, description: 'URI naming the problem type.' },
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
            maxLength: 500,
            description: 'JSON pointer into the request, e.g. /body/name.',
          },
          message: { type: 'string', maxLength: 500 },
        },
      },
    },
  },
};

const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 86400 },
  },
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed request (`invalid_request`) or schema violation (`validation_failed`, with `errors`).',
  401: 'Missing, malformed, expired or revoked credentials.',
  403: 'Authenticated, but the role does not allow this action.',
  404: 'No such resource (or it belongs to another workspace).',
  405: 'Method not allowed on this path.',
  409: 'The resource is not in a state that allows this.',
  413: 'Request body too large.',
  415: 'Unsupported media type or content encoding.',
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
}

/** Builds the OpenAPI 3.1 document from the same route declarations the router validates with. */
export function buildOpenApi(routes: readonly RouteSpec[], info: OpenApiInfo): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.internal) continue;
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description: info.description,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Platform API team' },
    },
    servers: [{ url: info.serverUrl }],
    security: [],
    tags: [...new Set(routes.filter((r) => !r.internal).flatMap((r) => r.tags))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Problem: problemSchema },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Access token from POST /api/auth/login or /api/auth/refresh; valid for 900 s.',
        },
        webhookSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Signature',
          description:
            'HMAC-SHA256 of the raw request body keyed with the trigger signing secret: `sha256=<hex>`, bare hex, ' +
            'base64 or base64url; or `t=<unix seconds>,v1=<hex>` over `<t>.<body>`.',
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
  const parameters = [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')];
  if (parameters.length > 0) op.parameters = parameters;
  if (route.body) {
    op.requestBody = isRawBody(route.body)
      ? {
          required: true,
          description: route.body.description,
          content: { '*/*': { schema: { type: 'string', format: 'binary', maxLength: 16777216 } } },
        }
      : { required: true, content: { 'application/json': { schema: route.body } } };
  }
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(route.responses)) responses[status] = response(spec);
  for (const status of errorStatuses(route)) {
    responses[String(status)] ??= {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error.',
      ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
      content: { 'application/problem+json': { schema: ref('Problem') } },
    };
  }
  op.responses = responses;
  return op;
}

function securityOf(route: RouteSpec): unknown[] {
  if (route.security === 'bearer') return [{ bearerAuth: [] }];
  if (route.security === 'webhookSignature') return [{ webhookSignature: [] }];
  return [];
}

function errorStatuses(route: RouteSpec): number[] {
  const statuses = new Set<number>(route.errors ?? []);
  if (route.params || route.query || route.body) statuses.add(400);
  if (route.body && !isRawBody(route.body)) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.security !== 'public') statuses.add(401);
  if (route.params) statuses.add(404);
  statuses.add(429);
  statuses.add(500);
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

function response(spec: ResponseSpec): Record<string, unknown> {
  return {
    description: spec.description,
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.schema
      ? { content: { [spec.contentType ?? 'application/json']: { schema: spec.schema } } }
      : {}),
  };
}

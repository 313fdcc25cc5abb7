import type { Context } from 'koa';

export type JsonSchema = Record<string, unknown>;
export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a route authenticates its caller; each maps to one OpenAPI security scheme (or none). Behind each
 * non-public scheme is an authenticator middleware, or the route names what checks it (`authenticatedBy`).
 */
export type Security = 'public' | 'bearer' | 'webhookSignature';

export interface ResponseSpec {
  readonly description: string;
  /** JSON Schema of the body; omitted for an empty body. */
  readonly schema?: JsonSchema;
  readonly contentType?: string;
  readonly headers?: Record<string, { description: string; schema: JsonSchema }>;
}

/** What the route validated: path parameters, query and JSON body, with defaults applied. */
export interface RouteInput {
  readonly params: Record<string, string>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
}

/**
 * One route, declared once: the router validates requests against these schemas and the OpenAPI document is
 * generated from the same declaration.
 */
export interface RouteSpec {
  readonly method: HttpMethod;
  /** OpenAPI-style path, for example `/api/missions/{id}`. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly security: Security;
  /**
   * The use case that checks the credential itself, for a scheme no middleware can check before the handler
   * runs. `mountRoutes` refuses a non-public route with neither this nor an authenticator for its scheme.
   */
  readonly authenticatedBy?: string;
  readonly params?: JsonSchema;
  readonly query?: JsonSchema;
  /** A JSON body schema, or `raw` when the handler reads the bytes itself. */
  readonly body?: JsonSchema | RawBody;
  /** Optional request headers the route reads (documented only: a malformed value is ignored, never a 400). */
  readonly requestHeaders?: readonly RequestHeader[];
  /** The JSON body limit of this route, when it differs from MAX_JSON_BODY_BYTES. */
  readonly maxBodyBytes?: number;
  /** Error statuses this route answers beyond those implied by its input (400, 404, 413, 415) and 429/5xx. */
  readonly errors?: readonly number[];
  readonly responses: Readonly<Record<number, ResponseSpec>>;
  /** Not published in the OpenAPI document (health probes, the document itself). */
  readonly internal?: boolean;
  readonly handler: (ctx: Context, input: RouteInput) => Promise<void> | void;
}

export interface RequestHeader {
  readonly name: string;
  readonly description: string;
  readonly schema: JsonSchema;
}

/** A body the handler reads itself; `content` describes its media types (default: any bytes up to 16 MiB). */
export interface RawBody {
  readonly raw: true;
  /** The request may come without one (else the document says the body is required). */
  readonly optional?: true;
  readonly description: string;
  readonly content?: Readonly<Record<string, { readonly schema: JsonSchema }>>;
}

export function isRawBody(body: RouteSpec['body']): body is RawBody {
  return body !== undefined && 'raw' in body;
}

import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { DomainError, type ErrorKind, InvalidFields } from '../../../domain/kernel/errors.ts';
import { QuotaExceeded } from '../../../domain/kernel/quotas.ts';
import { sendProblem, titleFor } from './problem.ts';
import { sendJson } from './respond.ts';
import { type ProblemDetail, transportDetail } from './transport-detail.ts';

/** The one table from domain error kinds to HTTP status. */
export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  rate_limited: 429,
  unavailable: 503,
};

/** Codes for the errors Koa, the body parsers and the router raise themselves (http-errors with a status). */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

interface HttpError extends Error {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  headers?: Record<string, string>;
  type?: string;
}

/**
 * Turns every thrown error into problem+json. Domain errors go through the kind table; client errors raised by
 * the HTTP stack keep their status; anything else is a 500 whose body says nothing about the cause. A JSON
 * answer is serialised here too, so that a value JSON cannot write is one of those errors.
 */
export function errorMiddleware(
  logger: Logger,
  isUnavailable: (error: unknown) => boolean = () => false,
  problemDetails: readonly ProblemDetail[] = [],
) {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      serialiseJson(ctx);
    } catch (thrown) {
      const error: HttpError = thrown instanceof Error ? thrown : new Error(String(thrown));
      if (error instanceof DomainError) {
        const status = STATUS_BY_KIND[error.kind];
        if (error.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(error.retryAfterSeconds));
        if (status === 401) ctx.set('WWW-Authenticate', bearerChallenge(ctx, error.code));
        const errors = error instanceof InvalidFields ? error.errors : undefined;
        sendProblem(ctx, {
          status,
          code: error.code,
          title: titleFor(status),
          detail: transportDetail(error, problemDetails),
          errors,
          limit: error instanceof QuotaExceeded ? error.limit : undefined,
        });
        return;
      }
      const status = error.status ?? error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        for (const [name, value] of Object.entries(error.headers ?? {})) ctx.set(name, value);
        const code = CODE_BY_STATUS[status] ?? 'invalid_request';
        sendProblem(ctx, { status, code, title: titleFor(status), detail: clientDetail(status, error) });
        return;
      }
      if (isUnavailable(error)) {
        logger.warn({ err: error.message, requestId: ctx.state.requestId }, 'dependency unavailable');
        ctx.set('Retry-After', '5');
        sendProblem(ctx, {
          status: 503,
          code: 'service_unavailable',
          title: titleFor(503),
          detail: 'a dependency of this service is unavailable; retry later',
        });
        return;
      }
      if (error.type === 'stream.not.readable' && ctx.req.destroyed) {
        // The client went away before its body was read: nobody to answer, and no fault of the server's.
        logger.info({ requestId: ctx.state.requestId }, 'client closed the request before its body was read');
        sendProblem(ctx, {
          status: 400,
          code: 'invalid_request',
          title: titleFor(400),
          detail: 'the request was closed before its body was read',
        });
        return;
      }
      logger.error({ err: error, requestId: ctx.state.requestId }, 'unhandled error');
      sendProblem(ctx, {
        status: 500,
        code: 'internal_error',
        title: titleFor(500),
        detail: 'an unexpected error occurred; quote the X-Request-Id header when reporting it',
      });
    }
  };
}

/**
 * Writes a JSON body (a plain object or array) as text now: Koa would otherwise serialise it after every
 * middleware has returned, where a failure escapes as a plain-text 500. Buffers, streams and text pass as they are.
 */
function serialiseJson(ctx: Context): void {
  if (typeof ctx.body === 'object' && ctx.body !== null) sendJson(ctx, ctx.body);
}

function clientDetail(status: number, error: HttpError): string {
  if (status === 400 && error.type === 'entity.parse.failed') return 'the request body is not valid JSON';
  if (status === 413) return 'the request body is larger than this route accepts';
  return error.expose && error.message ? error.message : titleFor(status);
}

/** RFC 6750: a challenge on every 401; `error="invalid_token"` once the client actually sent a token. */
function bearerChallenge(ctx: Context, code: string): string {
  if (code === 'missing_signature' || code === 'invalid_signature') return 'Signature realm="webhooks"';
  const sentToken = /^bearer\s/i.test(ctx.get('Authorization'));
  return sentToken ? 'Bearer realm="api", error="invalid_token"' : 'Bearer realm="api"';
}

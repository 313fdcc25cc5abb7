import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { DomainError } from '../../domain/kernel/errors.ts';
import { STATUS_BY_KIND } from '../platform/http/error-middleware.ts';
import { errorPage } from './pages/error-page.ts';
import { sendPage } from './web-context.ts';

const CLIENT_DETAILS: Record<number, string> = {
  400: 'The request could not be understood.',
  404: 'There is no page at this address.',
  405: 'This page cannot be used that way.',
  413: 'The form sent more data than this page accepts.',
  415: 'This page accepts only its own HTML forms.',
};

interface HttpError extends Error {
  status?: number;
  statusCode?: number;
}

/**
 * The browser surface's error pages: HTML, through the same kind-to-status table as the API's problem+json
 * (`STATUS_BY_KIND`), and never an internal detail. The API's own error middleware is left to `/api/*`.
 */
export function webErrors(logger: Logger, isUnavailable: (error: unknown) => boolean) {
  return async function renderErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
    } catch (thrown) {
      const error: HttpError = thrown instanceof Error ? thrown : new Error(String(thrown));
      let status = 500;
      let detail = 'An unexpected error occurred. Please try again.';
      if (error instanceof DomainError) {
        status = STATUS_BY_KIND[error.kind];
        detail = error.message.charAt(0).toUpperCase() + error.message.slice(1);
        if (error.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(error.retryAfterSeconds));
      } else if (isUnavailable(error)) {
        status = 503;
        detail = 'The service is briefly unavailable. Please try again in a few seconds.';
        ctx.set('Retry-After', '5');
        logger.warn({ err: error.message, requestId: ctx.state.requestId }, 'database unavailable on a page');
      } else if ((error.status ?? error.statusCode ?? 500) < 500) {
        status = error.status ?? error.statusCode ?? 400;
        detail = CLIENT_DETAILS[status] ?? CLIENT_DETAILS[400]!;
      } else {
        logger.error({ err: error, requestId: ctx.state.requestId }, 'unhandled error on a page');
      }
      sendPage(ctx, status, errorPage(status, detail, ctx.state.requestId));
    }
  };
}

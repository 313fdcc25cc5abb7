import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

/**
 * One JSON line per request. Deliberately logs no headers, query string, cookies or bodies: those carry
 * tokens, passwords and webhook secrets.
 */
export function accessLog(logger: Logger) {
  return async function logRequest(ctx: Context, next: Next): Promise<void> {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          requestId: ctx.state.requestId,
          method: ctx.method,
          route: ctx.routerPath ?? ctx._matchedRoute ?? undefined,
          path: ctx.path.length > 200 ? `${ctx.path.slice(0, 200)}…` : ctx.path,
          status: ctx.status,
          ms: Math.round(ms * 10) / 10,
        },
        'request',
      );
    }
  };
}

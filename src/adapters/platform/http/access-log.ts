import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

/**
 * One JSON line per request. Deliberately logs no headers, query string, cookies or bodies: those carry
 * tokens, passwords and webhook secrets. Its fields are fixed and hold none, so its lines skip the logger's
 * redaction pass (wildcard paths walked on every line: about 30 µs of the 37 µs a line cost).
 */
export function accessLog(logger: Logger) {
  const lines = logger.child({}, { redact: [] });
  return async function logRequest(ctx: Context, next: Next): Promise<void> {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      lines.info(
        {
          requestId: ctx.state.requestId,
          method: ctx.method,
          route: ctx.routerPath ?? ctx._matchedRoute ?? undefined,
          path: loggedPath(ctx.path),
          status: ctx.status,
          ms: Math.round(ms * 10) / 10,
        },
        'request',
      );
    }
  };
}

/** Webhook ingest URLs start with this; the rest is the trigger's unguessable path. */
export const WEBHOOK_PREFIX = '/api/triggers/webhook/';

/** The webhook path is what keeps an ingest URL unguessable: it never reaches the logs. */
function loggedPath(path: string): string {
  if (path.startsWith(WEBHOOK_PREFIX)) return `${WEBHOOK_PREFIX}{webhook_path}`;
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

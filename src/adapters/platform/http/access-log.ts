import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { LogThrottle } from '../system/log-throttle.ts';

/** Refused webhook ingest requests logged per answer status and interval; the others counted on the next line. */
export const REFUSED_INGEST_LINES_PER_INTERVAL = 10;
export const REFUSED_INGEST_INTERVAL_MS = 60_000;

/**
 * One JSON line per request. Deliberately logs no headers, query string, cookies or bodies: those carry
 * tokens, passwords and webhook secrets. Its fields are fixed and hold none, so its lines skip the logger's
 * redaction pass (wildcard paths walked on every line: about 30 µs of the 37 µs a line cost). Webhook ingest
 * is public: its refusals (4xx) are logged at a bounded rate per status, the lines left out counted as
 * `suppressed` on the next one, so a flood of unsigned POSTs cannot flood the log (the triggers area logs
 * refusals per trigger likewise).
 */
export function accessLog(
  logger: Logger,
  refusals = new LogThrottle({
    burst: REFUSED_INGEST_LINES_PER_INTERVAL,
    intervalMs: REFUSED_INGEST_INTERVAL_MS,
  }),
) {
  const lines = logger.child({}, { redact: [] });
  return async function logRequest(ctx: Context, next: Next): Promise<void> {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const refused = ctx.status >= 400 && ctx.status < 500 && ctx.path.startsWith(WEBHOOK_PREFIX);
      const verdict = refused ? refusals.take(String(ctx.status)) : { log: true as const, suppressed: 0 };
      if (verdict.log)
        lines.info(
          {
            requestId: ctx.state.requestId,
            method: ctx.method,
            route: ctx.routerPath ?? ctx._matchedRoute ?? undefined,
            path: loggedPath(ctx.path),
            status: ctx.status,
            ms: Math.round(ms * 10) / 10,
            ...(verdict.suppressed > 0 ? { suppressed: verdict.suppressed } : {}),
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

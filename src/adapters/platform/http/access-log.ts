import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { infoLines } from '../system/log-lines.ts';
import { LogThrottle } from '../system/log-throttle.ts';

/** Refused webhook ingest requests logged per answer status and interval; the others counted on the next line. */
export const REFUSED_INGEST_LINES_PER_INTERVAL = 10;
export const REFUSED_INGEST_INTERVAL_MS = 60_000;

/**
 * One JSON line per request. Deliberately logs no headers, query string, cookies or bodies: those carry
 * tokens, passwords and webhook secrets. Its fields are fixed and hold none, so the line is written by hand
 * (`infoLines`): no redaction pass and no generic serialiser, which were most of its cost. Webhook ingest
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
  const write = infoLines(logger, 'request');
  return async function logRequest(ctx: Context, next: Next): Promise<void> {
    const started = performance.now();
    try {
      await next();
    } finally {
      const path = ctx.path;
      const status = ctx.status;
      const refused = status >= 400 && status < 500 && path.startsWith(WEBHOOK_PREFIX);
      const verdict = refused ? refusals.take(String(status)) : undefined;
      if (verdict?.log !== false) {
        const route = ctx.routerPath ?? ctx._matchedRoute;
        write(
          `,"requestId":${JSON.stringify(ctx.state.requestId)},"method":${JSON.stringify(ctx.method)}` +
            (typeof route === 'string' ? `,"route":${JSON.stringify(route)}` : '') +
            `,"path":${JSON.stringify(loggedPath(path))},"status":${status}` +
            `,"ms":${Math.round((performance.now() - started) * 10) / 10}` +
            (verdict?.suppressed ? `,"suppressed":${verdict.suppressed}` : ''),
        );
      }
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

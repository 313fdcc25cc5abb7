import type { Context } from 'koa';
import type { Tracer } from '../../../application/kernel/ports/tracer.ts';

/**
 * The trace context a run queued by this request is stored with: the request's own span when tracing is on (a
 * child of the caller's `traceparent`, or a new trace), else the caller's `traceparent` header as sent (the
 * domain drops a malformed one).
 */
export function requestTraceparent(ctx: Context, tracer: Tracer): string | null {
  return tracer.currentTraceparent() ?? (ctx.get('traceparent') || null);
}

/** The optional request header of the routes that queue a run (OpenAPI). */
export const TRACEPARENT_HEADER = {
  name: 'traceparent',
  description:
    'W3C Trace Context (`00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`): the run is stored with it and ' +
    'its claim hands it to the worker (`traceparent` in the claim answer), whose spans then join the trace. With ' +
    "tracing on (`OTEL_EXPORTER_OTLP_ENDPOINT`) the server's own span, a child of it, is stored instead. A " +
    'malformed value is ignored (a new trace, never a 400).',
  schema: { type: 'string', maxLength: 512 },
} as const;

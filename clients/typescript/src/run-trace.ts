import {
  type Context,
  context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  trace,
} from '@opentelemetry/api';
import type { ClaimedRun } from './worker-types.ts';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * Runs `work` in a span `run <mission id>` that continues the trace the run was queued under (the claim's
 * `traceparent`), or the caller's current one when it has none. With no OpenTelemetry SDK registered in the
 * worker's process the API is a no-op: nothing is recorded, and `headers()` still forwards the run's own
 * traceparent, so the server's spans of the heartbeats and the completion stay in the run's trace.
 */
export async function inRunSpan<T>(
  run: ClaimedRun,
  work: (span: { headers(): Record<string, string>; fail(): void }) => Promise<T>,
): Promise<T> {
  const parent = remoteParent(run.traceparent) ?? context.active();
  // Looked up per run, not at import: a provider registered later (or by another copy of the API) is used.
  const span = trace.getTracer('@platform/api-client').startSpan(
    `run ${run.mission_id}`,
    {
      kind: SpanKind.CONSUMER,
      // Claimed runs are always a mission's (agent runs are the server's): `mission_id` is null only in the type.
      attributes: { 'run.id': run.id, 'run.mission_id': run.mission_id ?? '', 'run.attempt': run.attempt },
    },
    parent,
  );
  const headers = (): Record<string, string> => {
    const traceparent = traceparentOf(span) ?? run.traceparent;
    return traceparent ? { traceparent } : {};
  };
  try {
    return await context.with(trace.setSpan(parent, span), () =>
      work({ headers, fail: () => span.setStatus({ code: SpanStatusCode.ERROR }) }),
    );
  } finally {
    span.end();
  }
}

function remoteParent(traceparent: string | null | undefined): Context | undefined {
  const match = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!match) return undefined;
  const [, traceId, spanId, flags] = match as unknown as [string, string, string, string];
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16),
    isRemote: true,
  });
}

/** The span's traceparent when it is recorded (an SDK is registered), else undefined. */
function traceparentOf(span: Span): string | undefined {
  if (!span.isRecording()) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-0${traceFlags & TraceFlags.SAMPLED ? 1 : 0}`;
}

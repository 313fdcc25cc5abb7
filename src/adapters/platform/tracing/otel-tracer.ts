import {
  type Context,
  context,
  type Tracer as OtelApiTracer,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { ActiveSpan, PastSpan, SpanOptions, Tracer } from '../../../application/kernel/ports/tracer.ts';
import { parseTraceparent } from '../../../domain/kernel/traceparent.ts';

const KINDS = { server: SpanKind.SERVER, client: SpanKind.CLIENT, internal: SpanKind.INTERNAL } as const;

/**
 * Tracing through an OpenTelemetry tracer (of a provider the caller owns: see `openTelemetryTracer`). The
 * current span travels in async-local storage: the first tracer made installs OpenTelemetry's context manager
 * for the process, if none was.
 */
export class OtelTracer implements Tracer {
  readonly enabled = true;
  readonly #tracer: OtelApiTracer;

  constructor(tracer: OtelApiTracer) {
    this.#tracer = tracer;
    installContextManager();
  }

  inSpan<T>(name: string, work: (span: ActiveSpan) => Promise<T>, options: SpanOptions = {}): Promise<T> {
    const active = context.active();
    const remote = trace.getSpan(active) ? undefined : remoteContext(options.remoteParent);
    const parent = remote ?? active;
    const span = this.#tracer.startSpan(
      name,
      {
        kind: KINDS[options.kind ?? 'internal'],
        ...(options.attributes && { attributes: options.attributes }),
      },
      parent,
    );
    return context.with(trace.setSpan(parent, span), async () => {
      try {
        return await work(activeSpan(span));
      } catch (error) {
        // The error's class only: a message may carry input.
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.name ?? 'error' });
        throw error;
      } finally {
        span.end();
      }
    });
  }

  currentTraceparent(): string | null {
    const span = trace.getSpan(context.active());
    if (!span?.isRecording()) return null;
    return traceparentOf(span.spanContext());
  }

  record(name: string, { parent, start, end, attributes, failed }: PastSpan): void {
    const parentContext = remoteContext(parent);
    if (!parentContext) return;
    const span = this.#tracer.startSpan(
      name,
      { startTime: start, ...(attributes && { attributes }) },
      parentContext,
    );
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end(end);
  }
}

function activeSpan(span: Span): ActiveSpan {
  return {
    rename: (name) => span.updateName(name),
    set: (attributes) => span.setAttributes(attributes),
    fail: (message) => span.setStatus({ code: SpanStatusCode.ERROR, message }),
  };
}

/** The context of a remote parent given as a traceparent, or undefined when it is absent or malformed. */
function remoteContext(traceparent: string | null | undefined): Context | undefined {
  const valid = parseTraceparent(traceparent);
  if (!valid) return undefined;
  const [, traceId, spanId, flags] = valid.split('-') as [string, string, string, string];
  const spanContext: SpanContext = {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16),
    isRemote: true,
  };
  return trace.setSpanContext(ROOT_CONTEXT, spanContext);
}

export function traceparentOf({ traceId, spanId, traceFlags }: SpanContext): string {
  return `00-${traceId}-${spanId}-${(traceFlags & TraceFlags.SAMPLED ? 1 : 0).toString(16).padStart(2, '0')}`;
}

let contextManagerInstalled = false;

function installContextManager(): void {
  if (contextManagerInstalled) return;
  contextManagerInstalled = true;
  // False when another part of the process registered one already: that one carries the spans then.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
}

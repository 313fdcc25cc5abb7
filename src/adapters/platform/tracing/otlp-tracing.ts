import type { Sampler, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Tracer } from '../../../application/kernel/ports/tracer.ts';
import type { Config } from '../../../config.ts';
import { NO_TRACER } from './no-tracer.ts';

/** The process's tracing: a tracer, and what flushes and stops its exports at shutdown (never rejecting). */
export interface Tracing {
  readonly tracer: Tracer;
  shutdown(): Promise<void>;
}

/** The longest one export (a batch of spans, with its retries) may take. */
const EXPORT_TIMEOUT_MS = 3000;

export const NO_TRACING: Tracing = { tracer: NO_TRACER, shutdown: async () => {} };

/**
 * OpenTelemetry's SDK exporting to `OTEL_EXPORTER_OTLP_ENDPOINT` in batches, sampling `OTEL_TRACES_SAMPLER_ARG`
 * of the traces that start here (a caller's sampled flag decides for its own); or nothing at all when the
 * endpoint is unset: the SDK's modules are not even loaded.
 */
export async function configuredTracing({ tracing }: Pick<Config, 'tracing'>): Promise<Tracing> {
  if (!tracing.endpoint) return NO_TRACING;
  const [{ OTLPTraceExporter }, { BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler }] =
    await Promise.all([
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/sdk-trace-base'),
    ]);
  const exporter = new OTLPTraceExporter({
    url: `${tracing.endpoint.replace(/\/+$/, '')}/v1/traces`,
    headers: { ...tracing.headers },
    // Retries included: a collector that does not answer costs a shutdown at most this (SHUTDOWN_TIMEOUT_MS).
    timeoutMillis: EXPORT_TIMEOUT_MS,
  });
  const sampler = new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(tracing.sampleRatio) });
  return openTelemetryTracing(new BatchSpanProcessor(exporter), {
    serviceName: tracing.serviceName,
    sampler,
  });
}

/** Tracing into `processor` (the OTLP batch, or a test's in-memory exporter). */
export async function openTelemetryTracing(
  processor: SpanProcessor,
  options: { readonly serviceName?: string; readonly sampler?: Sampler } = {},
): Promise<Tracing> {
  const [{ resourceFromAttributes }, { NodeTracerProvider }, { OtelTracer }] = await Promise.all([
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
    import('./otel-tracer.ts'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName ?? 'platform-api' }),
    spanProcessors: [processor],
    ...(options.sampler && { sampler: options.sampler }),
  });
  return {
    tracer: new OtelTracer(provider.getTracer('platform-api')),
    // An unreachable collector at exit loses the last batch; it never turns a clean stop into a crash.
    shutdown: () => provider.shutdown().catch(() => {}),
  };
}

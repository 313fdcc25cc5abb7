import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { Tracer } from '../../../application/kernel/ports/tracer.ts';
import type { Config } from '../../../config.ts';
import { NO_TRACER } from './no-tracer.ts';
import { OtelTracer } from './otel-tracer.ts';

/** The process's tracing: a tracer, and what flushes and stops its exports at shutdown. */
export interface Tracing {
  readonly tracer: Tracer;
  shutdown(): Promise<void>;
}

export const NO_TRACING: Tracing = { tracer: NO_TRACER, shutdown: async () => {} };

/**
 * OpenTelemetry's SDK exporting to `OTEL_EXPORTER_OTLP_ENDPOINT` in batches, or nothing at all (no SDK made,
 * no span started) when it is unset.
 */
export function configuredTracing({ tracing }: Pick<Config, 'tracing'>): Tracing {
  if (!tracing.endpoint) return NO_TRACING;
  const exporter = new OTLPTraceExporter({
    url: `${tracing.endpoint.replace(/\/+$/, '')}/v1/traces`,
    headers: { ...tracing.headers },
  });
  return openTelemetryTracing(new BatchSpanProcessor(exporter), tracing.serviceName);
}

/** Tracing into `processor` (the OTLP batch, or a test's in-memory exporter). */
export function openTelemetryTracing(processor: SpanProcessor, serviceName = 'platform-api'): Tracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [processor],
  });
  return {
    tracer: new OtelTracer(provider.getTracer('platform-api')),
    shutdown: () => provider.shutdown(),
  };
}

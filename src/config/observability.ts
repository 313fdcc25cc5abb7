import type { Input, Settings } from './settings.ts';

export interface ObservabilityConfig {
  /** Prometheus metrics on a listener of their own; off unless `port` is set. */
  readonly metrics: {
    readonly port: number | undefined;
    readonly host: string;
    /** A scrape must send it as a bearer token when set. */
    readonly token: string | undefined;
  };
  /** OpenTelemetry traces, exported over OTLP/HTTP; off (no SDK started) unless `endpoint` is set. */
  readonly tracing: {
    readonly endpoint: string | undefined;
    /** `name=value` pairs sent with every export (a collector's credentials). */
    readonly headers: Readonly<Record<string, string>>;
    readonly serviceName: string;
    /** The share of the traces starting here that are recorded (0 to 1). */
    readonly sampleRatio: number;
  };
}

export const observabilitySettings: Settings<ObservabilityConfig> = {
  properties: {
    METRICS_PORT: {
      type: 'integer',
      minimum: 0,
      maximum: 65535,
      description:
        'serve Prometheus metrics at `GET /metrics`, and the health detail at `GET /health`, on this port, a listener of its own for operators (never the public port); `0` picks a free one. Unset: no listener, and nothing is counted',
      defaultText: 'unset (off)',
    },
    METRICS_HOST: {
      type: 'string',
      minLength: 1,
      default: '127.0.0.1',
      description:
        "the metrics listener's address; set `0.0.0.0` (or a private interface) only where a firewall keeps it inside",
    },
    METRICS_TOKEN: {
      type: 'string',
      minLength: 16,
      maxLength: 1024,
      pattern: '^\\S+$',
      description:
        'when set (16+ characters), a scrape (and a health detail request) must send `Authorization: Bearer <token>` (401 otherwise)',
      defaultText: 'unset',
    },
    OTEL_EXPORTER_OTLP_ENDPOINT: {
      type: 'string',
      pattern: '^https?://[^\\s?#]+$',
      description:
        'the OTLP/HTTP collector traces are sent to (`/v1/traces` is appended): spans of HTTP requests (named by route template), PostgreSQL statements and the hot use cases, and a `traceparent` stored with each run for its worker. Unset: no tracing SDK is started',
      defaultText: 'unset (off)',
    },
    OTEL_EXPORTER_OTLP_HEADERS: {
      type: 'string',
      pattern: '^[^=,\\s]+=[^,]*(,[^=,\\s]+=[^,]*)*$',
      description: "comma-separated `name=value` headers sent with each export (a collector's credentials)",
      defaultText: 'unset',
    },
    OTEL_SERVICE_NAME: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      default: 'platform-api',
      description: 'the `service.name` of the exported spans',
    },
    OTEL_TRACES_SAMPLER_ARG: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      default: 1,
      description:
        'the share (0 to 1) of the traces starting at this server that are recorded and exported; a request carrying a `traceparent` follows its sampled flag. Recorded spans cost CPU (made, then exported as JSON): on a loaded 2-core machine `/healthz` took about 227 instead of 76 µs of CPU per request (`node scripts/bench-tracing.ts`); lower the share under heavy load',
    },
  },
  secrets: ['METRICS_TOKEN', 'OTEL_EXPORTER_OTLP_HEADERS'],
  read: (input: Input): ObservabilityConfig => ({
    metrics: {
      port: input.METRICS_PORT as number | undefined,
      host: input.METRICS_HOST as string,
      token: input.METRICS_TOKEN as string | undefined,
    },
    tracing: {
      endpoint: input.OTEL_EXPORTER_OTLP_ENDPOINT as string | undefined,
      headers: headerPairs(input.OTEL_EXPORTER_OTLP_HEADERS as string | undefined),
      serviceName: input.OTEL_SERVICE_NAME as string,
      sampleRatio: input.OTEL_TRACES_SAMPLER_ARG as number,
    },
  }),
};

/** `a=1,b=2` as `{a: '1', b: '2'}` (the OpenTelemetry format; values may be percent-encoded). */
function headerPairs(text: string | undefined): Record<string, string> {
  if (!text) return {};
  return Object.fromEntries(
    text.split(',').map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at).trim(), percentDecoded(pair.slice(at + 1).trim())];
    }),
  );
}

function percentDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

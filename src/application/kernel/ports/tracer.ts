/** Span attributes: ids, names from a fixed set, counts. Never a secret, a token, a body or a raw URL path. */
export type SpanAttributes = Readonly<Record<string, string | number | boolean>>;

/** The span a piece of work runs in, while it runs. */
export interface ActiveSpan {
  /** A better name once it is known (an HTTP request's route template, after routing). */
  rename(name: string): void;
  set(attributes: SpanAttributes): void;
  /** Marks the span failed (its status; `message` is a short reason, never an error's text). */
  fail(message: string): void;
}

export interface SpanOptions {
  readonly attributes?: SpanAttributes;
  readonly kind?: 'server' | 'client' | 'internal';
  /** A W3C traceparent from outside to continue (an incoming request's), used when no span is current. */
  readonly remoteParent?: string | null;
}

/** A span recorded after the fact, in the trace of `parent` (a W3C traceparent). */
export interface PastSpan {
  readonly parent: string;
  readonly start: Date;
  readonly end: Date;
  readonly attributes?: SpanAttributes;
  readonly failed?: boolean;
}

/**
 * Tracing (OpenTelemetry when `OTEL_EXPORTER_OTLP_ENDPOINT` is set). Adapters may ignore everything
 * (`enabled` false): then `inSpan` only runs the work and `currentTraceparent` is null.
 */
export interface Tracer {
  readonly enabled: boolean;
  /** Runs `work` in a new span, a child of the current one (or of `remoteParent`); a throw marks it failed. */
  inSpan<T>(name: string, work: (span: ActiveSpan) => Promise<T>, options?: SpanOptions): Promise<T>;
  /** The W3C traceparent of the current span, null when none is recording. */
  currentTraceparent(): string | null;
  /** Records a span that is already over (a run's life, a claim seen from the run's trace). */
  record(name: string, span: PastSpan): void;
}

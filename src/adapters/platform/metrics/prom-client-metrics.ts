import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';
import type {
  Counter,
  Histogram,
  Labels,
  MetricSpec,
  Metrics,
  Reading,
} from '../../../application/kernel/ports/metrics.ts';

const require = createRequire(import.meta.url);

/** Durations of requests and use cases, in seconds: 1 ms to 10 s. */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Metrics kept in a prom-client registry of their own (never the library's global one: two containers in one
 * process, as in the tests, must not share counters), with the process defaults (CPU, memory, event loop lag,
 * garbage collection), served in the Prometheus text format by `MetricsListener`.
 */
export class PromClientMetrics implements Metrics {
  // Required here, not imported: with metrics off (the default) prom-client is never loaded.
  readonly #client = require('prom-client') as typeof PromClient;
  readonly registry = new this.#client.Registry();

  constructor() {
    this.#client.collectDefaultMetrics({ register: this.registry });
  }

  counter<L extends string>(spec: MetricSpec<L>): Counter<L> {
    const counter = this.#existing(spec.name) ?? new this.#client.Counter({ ...this.#base(spec) });
    return {
      inc: (labels, by = 1) => (counter as PromClient.Counter<L>).inc(labels as Labels<L>, by),
    };
  }

  histogram<L extends string>(spec: MetricSpec<L> & { readonly buckets?: readonly number[] }): Histogram<L> {
    const histogram =
      this.#existing(spec.name) ??
      new this.#client.Histogram({ ...this.#base(spec), buckets: [...(spec.buckets ?? DURATION_BUCKETS)] });
    return {
      observe: (labels, value) => (histogram as PromClient.Histogram<L>).observe(labels as Labels<L>, value),
    };
  }

  counterReading<L extends string>(spec: MetricSpec<L> & { read(): Reading<L> }): void {
    if (this.#existing(spec.name)) return;
    new this.#client.Counter<L>({
      ...this.#base(spec),
      collect() {
        this.reset();
        for (const { labels, value } of spec.read()) this.inc(labels as Labels<L>, value);
      },
    });
  }

  gauge<L extends string>(spec: MetricSpec<L> & { read(): Reading<L> }): void {
    if (this.#existing(spec.name)) return;
    new this.#client.Gauge<L>({
      ...this.#base(spec),
      collect() {
        this.reset();
        for (const { labels, value } of spec.read()) this.set(labels as Labels<L>, value);
      },
    });
  }

  /** The text a scrape gets. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  #base<L extends string>(spec: MetricSpec<L>) {
    return { name: spec.name, help: spec.help, labelNames: [...spec.labelNames], registers: [this.registry] };
  }

  /** A metric declared twice (a container resolving an area's metrics again) is the same metric. */
  #existing(name: string) {
    return this.registry.getSingleMetric(name);
  }
}

/** Metrics off (`METRICS_PORT` unset): nothing is kept, nothing costs. */
export class NoMetrics implements Metrics {
  counter<L extends string>(_spec: MetricSpec<L>): Counter<L> {
    return { inc: () => {} };
  }

  histogram<L extends string>(_spec: MetricSpec<L>): Histogram<L> {
    return { observe: () => {} };
  }

  counterReading<L extends string>(_spec: MetricSpec<L> & { read(): Reading<L> }): void {}

  gauge<L extends string>(_spec: MetricSpec<L> & { read(): Reading<L> }): void {}
}

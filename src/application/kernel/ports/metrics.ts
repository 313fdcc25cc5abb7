/** One value per label name: label values must come from a small fixed set (never an id, a path or a name). */
export type Labels<L extends string> = { readonly [K in L]: string };

/** A metric's name (snake_case, unit suffix), what it counts, and its label names. */
export interface MetricSpec<L extends string> {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly L[];
}

export interface Counter<L extends string> {
  inc(labels: Labels<L>, by?: number): void;
}

export interface Histogram<L extends string> {
  /** One observation, in the metric's unit (seconds for durations). */
  observe(labels: Labels<L>, value: number): void;
}

/** A reading taken when the metrics are scraped: one value per label set. */
export type Reading<L extends string> = ReadonlyArray<{ readonly labels: Labels<L>; readonly value: number }>;

/**
 * Where an area declares its metrics. Adapters must keep every declared metric listed from the moment it is
 * declared, even before its first sample, and may ignore everything (metrics off).
 */
export interface Metrics {
  counter<L extends string>(spec: MetricSpec<L>): Counter<L>;
  histogram<L extends string>(spec: MetricSpec<L> & { readonly buckets?: readonly number[] }): Histogram<L>;
  /** A counter whose totals something else keeps, read at each scrape (a cache's hits). */
  counterReading<L extends string>(spec: MetricSpec<L> & { read(): Reading<L> }): void;
  /** A gauge read at each scrape (a queue's depth, a pool's connections in use). */
  gauge<L extends string>(spec: MetricSpec<L> & { read(): Reading<L> }): void;
}

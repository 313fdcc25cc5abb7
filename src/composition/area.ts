import type { RouteSpec } from '../adapters/platform/http/route.ts';
import type { PostgresDatabase } from '../adapters/platform/postgres/postgres-database.ts';
import type { Logger } from '../adapters/platform/system/logger.ts';
import type { JobHealth } from '../adapters/platform/system/periodic-job.ts';
import type { RetentionPurge } from '../application/kernel/ports/retention-purge.ts';
import type { Tracer } from '../application/kernel/ports/tracer.ts';
import type { Config } from '../config.ts';
import type { Persistence } from './persistence.ts';
import type { Registrations } from './registration.ts';

/** What only the process can open, once, before wiring: the logger, the master key, the database. */
export interface Infrastructure {
  readonly logger: Logger;
  /** 32 bytes from which every at-rest encryption and token key is derived. */
  readonly masterKey: Buffer;
  /** The open, migrated database; required when `PERSISTENCE=postgres`. */
  readonly postgres?: PostgresDatabase;
  /** The process's tracer (OpenTelemetry when `OTEL_EXPORTER_OTLP_ENDPOINT` is set); none means tracing off. */
  readonly tracer?: Tracer;
}

/** What an area module is given to choose and build its adapters. */
export interface AreaContext {
  readonly config: Config;
  readonly infrastructure: Infrastructure;
  /** The family of stateful adapters `PERSISTENCE` chose. */
  readonly persistence: Persistence;
}

/** Periodic work an area runs on every instance (sweepers, dispatchers); stopped with the container. */
export interface Job {
  start(): void;
  /** Where a periodic job stands (the health detail lists it); absent for what is not one (a listener). */
  health?(): JobHealth;
}

/**
 * One area's wiring: the slice of the cradle it registers (its ports' adapters, its use cases), the routes it
 * serves and the jobs it runs, each built from `Deps` (the slices of the areas before it and its own).
 */
export interface Area<Slice, Deps = Slice> {
  readonly name: string;
  register(context: AreaContext): Registrations<Slice>;
  routes?(deps: Deps): RouteSpec[];
  jobs?(deps: Deps): Job[];
  /** The kinds of rows the area's retention deletes, run by the one retention job (see `applyRetention`). */
  retention?(deps: Deps): readonly RetentionPurge[];
  /**
   * Declares the area's metrics (resolving the instruments its adapters record into), so that a scrape lists
   * every one of them from the start. Called once when metrics are on (`METRICS_PORT`).
   */
  metrics?(deps: Deps): void;
  /** Runs first on shutdown, before open requests are drained: ends what would hold the server open. */
  shutdown?(deps: Deps): void;
}

import {
  type AwilixContainer,
  createContainer as createAwilixContainer,
  InjectionMode,
  type Resolver,
} from 'awilix';
import { CacheInvalidation } from './adapters/platform/caching/cache-invalidation.ts';
import { InMemoryStore } from './adapters/platform/memory/in-memory-store.ts';
import type { JobHealth } from './adapters/platform/system/periodic-job.ts';
import { jobHealthProbe } from './adapters/system/job-health-probe.ts';
import type { RetentionPurge } from './application/kernel/ports/retention-purge.ts';
import type { HealthProbe } from './application/system/ports/health-probe.ts';
import { agents } from './composition/agents.ts';
import { apiKeys } from './composition/api-keys.ts';
import type { Area, Infrastructure, Job } from './composition/area.ts';
import { audit } from './composition/audit.ts';
import { blueprints } from './composition/blueprints.ts';
import { evaluations } from './composition/evaluations.ts';
import { exports } from './composition/exports.ts';
import { feedback } from './composition/feedback.ts';
import { files } from './composition/files.ts';
import { type HttpCradle, http } from './composition/http.ts';
import { identity } from './composition/identity.ts';
import { knowledge } from './composition/knowledge.ts';
import { memory } from './composition/memory.ts';
import { missions } from './composition/missions.ts';
import { models } from './composition/models.ts';
import { notifications } from './composition/notifications.ts';
import type { Persistence } from './composition/persistence.ts';
import { platform } from './composition/platform.ts';
import { PostgresCaching } from './composition/postgres-caching.ts';
import { type Registrations, registrar } from './composition/registration.ts';
import { runs } from './composition/runs.ts';
import { sandboxes } from './composition/sandboxes.ts';
import { schedules } from './composition/schedules.ts';
import { type SystemNeeds, system } from './composition/system.ts';
import { triggers } from './composition/triggers.ts';
import { web } from './composition/web.ts';
import { webhooks } from './composition/webhooks.ts';
import { type WorkspacesNeeds, workspaces } from './composition/workspaces.ts';
import type { Config } from './config.ts';

export type { Infrastructure } from './composition/area.ts';

/**
 * The areas, in order: each may use the areas before it, never one after it. Their routes are served (and
 * documented) in this order, their jobs started in it.
 */
export const AREAS = [
  platform,
  system,
  audit,
  notifications,
  identity,
  workspaces,
  apiKeys,
  missions,
  runs,
  schedules,
  triggers,
  webhooks,
  sandboxes,
  blueprints,
  files,
  models,
  agents,
  knowledge,
  memory,
  feedback,
  evaluations,
  exports,
  web,
] as const;

type SliceOf<A> = A extends Area<infer Slice, never> ? Slice : never;
type Slices<List extends readonly unknown[]> = List extends readonly [infer First, ...infer Rest]
  ? SliceOf<First> & Slices<Rest>
  : unknown;

/** Everything the composition root can resolve, by name: the areas' slices and the HTTP app. */
export type Cradle = Slices<typeof AREAS> &
  HttpCradle &
  Pick<WorkspacesNeeds, 'retentionPurges'> &
  SystemNeeds;

export interface ContainerOptions {
  readonly infrastructure: Infrastructure;
  /** Replaces registrations by name (a fixed clock, a fake hasher): the one seam tests use. */
  readonly overrides?: Partial<Registrations<Cradle>>;
}

/**
 * The one composition root: configuration in, the whole application out. Each area registers its own slice
 * (typed: a missing, misnamed or mistyped dependency is a type error in that area's module).
 */
export function createContainer(
  config: Config,
  { infrastructure, overrides = {} }: ContainerOptions,
): AwilixContainer<Cradle> {
  const context = { config, infrastructure, persistence: persistenceOf(config, infrastructure) };
  const registrations = Object.assign(
    {},
    ...AREAS.map((area) => area.register(context)),
    http(config),
    {
      retentionPurges: registrar<Cradle>().singleton(areaRetentionPurges),
      healthProbes: registrar<Cradle>().singleton(healthProbes),
    },
    overrides,
  ) as Registrations<Cradle>;
  const container = createAwilixContainer<Cradle>({ injectionMode: InjectionMode.PROXY, strict: true });
  container.register(registrations as Record<keyof Cradle, Resolver<unknown>>);
  return container;
}

/** Every area's routes, in area order. */
export function areaRoutes(cradle: Cradle) {
  return AREAS.flatMap((area: Area<unknown, Cradle>) => area.routes?.(cradle) ?? []);
}

/** Every area's periodic jobs (stopped when the container is disposed). */
export function areaJobs(cradle: Cradle): Job[] {
  return AREAS.flatMap((area: Area<unknown, Cradle>) => area.jobs?.(cradle) ?? []);
}

/** Every area's retention purges, in area order (the retention job runs them in it). */
export function areaRetentionPurges(cradle: Cradle): RetentionPurge[] {
  return AREAS.flatMap((area: Area<unknown, Cradle>) => area.retention?.(cradle) ?? []);
}

/** The health detail's checks: the database's, and every area's periodic jobs. */
function healthProbes(cradle: Cradle): HealthProbe[] {
  const periodic = areaJobs(cradle).filter(
    (job): job is Job & { health(): JobHealth } => job.health !== undefined,
  );
  return [...cradle.databaseHealthProbes, jobHealthProbe(periodic)];
}

/** Every area's metrics, declared (see `Area.metrics`). */
export function declareAreaMetrics(cradle: Cradle): void {
  for (const area of AREAS as readonly Area<unknown, Cradle>[]) area.metrics?.(cradle);
}

/** What each area ends first on shutdown (open event streams). */
export function shutDownAreas(cradle: Cradle): void {
  for (const area of AREAS as readonly Area<unknown, Cradle>[]) area.shutdown?.(cradle);
}

function persistenceOf(config: Config, { postgres, tracer }: Infrastructure): Persistence {
  if (config.persistence === 'memory') {
    return { kind: 'memory', store: new InMemoryStore(), changes: new CacheInvalidation({ live: true }) };
  }
  if (!postgres) throw new Error('PERSISTENCE=postgres needs an open database');
  return {
    kind: 'postgres',
    // The areas' statements traced when tracing is on (the caches' LISTEN connection is not).
    db: tracer?.enabled ? postgres.tracedBy(tracer) : postgres,
    caching: new PostgresCaching(postgres, { cache: config.cache === 'on' }),
  };
}

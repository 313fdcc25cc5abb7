import { systemRoutes } from '../adapters/system/http/system-routes.ts';
import { postgresHealthProbes } from '../adapters/system/postgres-health-probes.ts';
import { PostgresReadinessProbe } from '../adapters/system/postgres-readiness-probe.ts';
import { type CheckHealth, makeCheckHealth } from '../application/system/check-health.ts';
import { type CheckReadiness, makeCheckReadiness } from '../application/system/check-readiness.ts';
import type { HealthProbe } from '../application/system/ports/health-probe.ts';
import type { ReadinessProbe } from '../application/system/ports/readiness-probe.ts';
import type { Area } from './area.ts';
import { adaptersFor } from './persistence.ts';
import type { PlatformCradle } from './platform.ts';
import { registrar } from './registration.ts';

/** Liveness and readiness for the orchestrator; the health detail for operators. */
export interface SystemCradle {
  readinessProbe: ReadinessProbe;
  checkReadiness: CheckReadiness;
  /** The database's checks (none in memory). */
  databaseHealthProbes: readonly HealthProbe[];
  /** The health detail (`application/health+json`), served on the operator listener. */
  checkHealth: CheckHealth;
}

/** What the system area uses that the composition root gathers from every area: the probes of their jobs too. */
export interface SystemNeeds {
  healthProbes: readonly HealthProbe[];
}

export type ThroughSystem = PlatformCradle & SystemCradle;

const { singleton } = registrar<ThroughSystem & SystemNeeds>();
const { stored } = adaptersFor<ThroughSystem>();

export const system: Area<SystemCradle, ThroughSystem> = {
  name: 'system',
  register: ({ persistence }) => ({
    readinessProbe: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresReadinessProbe({ db }),
        memory: () => ({ check: async () => {} }),
      }),
    ),
    checkReadiness: singleton(makeCheckReadiness),
    databaseHealthProbes: singleton(
      stored(persistence, {
        postgres: ({ db, caching }, deps) =>
          postgresHealthProbes({ db, pool: db.pool, listener: caching.listener(deps) }),
        memory: () => [],
      }),
    ),
    checkHealth: singleton(makeCheckHealth),
  }),
  routes: systemRoutes,
};

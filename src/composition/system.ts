import { systemRoutes } from '../adapters/system/http/system-routes.ts';
import { PostgresReadinessProbe } from '../adapters/system/postgres-readiness-probe.ts';
import { type CheckReadiness, makeCheckReadiness } from '../application/system/check-readiness.ts';
import type { ReadinessProbe } from '../application/system/ports/readiness-probe.ts';
import type { Area } from './area.ts';
import { adaptersFor } from './persistence.ts';
import type { PlatformCradle } from './platform.ts';
import { registrar } from './registration.ts';

/** Liveness and readiness for the orchestrator. */
export interface SystemCradle {
  readinessProbe: ReadinessProbe;
  checkReadiness: CheckReadiness;
}

export type ThroughSystem = PlatformCradle & SystemCradle;

const { singleton } = registrar<ThroughSystem>();
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
  }),
  routes: systemRoutes,
};

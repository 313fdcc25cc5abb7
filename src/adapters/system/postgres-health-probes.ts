import type { HealthProbe } from '../../application/system/ports/health-probe.ts';
import type { PostgresDatabase } from '../platform/postgres/postgres-database.ts';

/** A round trip slower than this is a `warn`: the pool's statements wait as long. */
const SLOW_MS = 250;

/**
 * The database's checks: a round trip (`select 1`), the pool's connections (a request waiting for one is a
 * `warn`), and the LISTEN connection that carries cache invalidations and run events (`idle` until something
 * subscribes; `down`, a `warn`: the caches are bypassed until it is back).
 */
export function postgresHealthProbes(deps: {
  db: PostgresDatabase;
  pool: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  listener: { state(): 'idle' | 'listening' | 'down' };
}): HealthProbe[] {
  return [
    {
      key: 'postgres:responseTime',
      observe: async (now) => {
        const started = performance.now();
        await deps.db.query('select 1');
        const ms = Math.round((performance.now() - started) * 10) / 10;
        const slow = ms > SLOW_MS;
        return [
          {
            componentType: 'datastore',
            observedValue: ms,
            observedUnit: 'ms',
            status: slow ? 'warn' : 'pass',
            time: now,
            ...(slow && { output: `slower than ${SLOW_MS} ms` }),
          },
        ];
      },
    },
    {
      key: 'postgres:connections',
      observe: async (now) => {
        const { totalCount, idleCount, waitingCount } = deps.pool;
        const count = (componentId: string, observedValue: number) => ({
          componentId,
          componentType: 'datastore' as const,
          observedValue,
          observedUnit: 'connections',
          time: now,
        });
        return [
          { ...count('in_use', totalCount - idleCount), status: 'pass' },
          { ...count('idle', idleCount), status: 'pass' },
          waitingCount > 0
            ? { ...count('waiting', waitingCount), status: 'warn', output: 'requests wait for a connection' }
            : { ...count('waiting', 0), status: 'pass' },
        ];
      },
    },
    {
      key: 'postgres-listener:state',
      observe: async (now) => {
        const state = deps.listener.state();
        return [
          {
            componentType: 'component',
            observedValue: state,
            time: now,
            status: state === 'down' ? 'warn' : 'pass',
            ...(state === 'down' && {
              output:
                'LISTEN is down: caches are bypassed and changes from other instances are late until it is back',
            }),
          },
        ];
      },
    },
  ];
}

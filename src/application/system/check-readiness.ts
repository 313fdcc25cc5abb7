import { ServiceUnavailable } from '../../domain/errors.ts';
import type { ReadinessProbe } from '../ports/readiness-probe.ts';

export type CheckReadiness = () => Promise<void>;

/** Ready means every dependency answers; the cause of a failure stays in the logs, not in the answer. */
export function makeCheckReadiness({ readinessProbe }: { readinessProbe: ReadinessProbe }): CheckReadiness {
  return async () => {
    try {
      await readinessProbe.check();
    } catch {
      throw new ServiceUnavailable('the database is not reachable');
    }
  };
}

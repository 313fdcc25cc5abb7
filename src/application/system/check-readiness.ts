import { ServiceUnavailable } from '../../domain/kernel/errors.ts';
import type { ReadinessProbe } from './ports/readiness-probe.ts';

export type CheckReadiness = () => Promise<void>;

/** A probe that has not answered by then counts as failed: load balancers poll often and must not queue. */
export const READINESS_TIMEOUT_MS = 1000;

/**
 * Ready means every dependency answers within `READINESS_TIMEOUT_MS`; the cause of a failure stays in the
 * logs, not in the answer.
 */
export function makeCheckReadiness({ readinessProbe }: { readinessProbe: ReadinessProbe }): CheckReadiness {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the readiness probe timed out')), READINESS_TIMEOUT_MS);
    });
    try {
      await Promise.race([readinessProbe.check(), late]);
    } catch {
      throw new ServiceUnavailable('the database is not reachable');
    } finally {
      clearTimeout(timer);
    }
  };
}

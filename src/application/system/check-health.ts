import type { Clock } from '../kernel/ports/clock.ts';
import { READINESS_TIMEOUT_MS } from './check-readiness.ts';
import type { HealthObservation, HealthProbe, HealthStatus } from './ports/health-probe.ts';

/** The instance's health in detail: the worst status, and every check's observations by key. */
export interface HealthReport {
  readonly status: HealthStatus;
  readonly checks: Readonly<Record<string, readonly HealthObservation[]>>;
}

export type CheckHealth = () => Promise<HealthReport>;

const RANK: Record<HealthStatus, number> = { pass: 0, warn: 1, fail: 2 };

/**
 * Observes every probe at once, each within `READINESS_TIMEOUT_MS` (a probe late or failing is a `fail` with a
 * fixed sentence: its error stays out of the answer); the report's status is the worst of them.
 */
export function makeCheckHealth(deps: { healthProbes: readonly HealthProbe[]; clock: Clock }): CheckHealth {
  return async () => {
    const now = deps.clock.now();
    const observed = await Promise.all(
      deps.healthProbes.map(async (probe) => [probe.key, await observeWithin(probe, now)] as const),
    );
    const checks = Object.fromEntries(observed);
    const status = observed
      .flatMap(([, observations]) => observations.map((o) => o.status))
      .reduce<HealthStatus>((worst, next) => (RANK[next] > RANK[worst] ? next : worst), 'pass');
    return { status, checks };
  };
}

async function observeWithin(probe: HealthProbe, now: Date): Promise<readonly HealthObservation[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), READINESS_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([probe.observe(now), late]);
    if (result !== 'late') return result;
    return [failed(now, `no answer within ${READINESS_TIMEOUT_MS} ms`)];
  } catch {
    return [failed(now, 'the check failed')];
  } finally {
    clearTimeout(timer);
  }
}

const failed = (time: Date, output: string): HealthObservation => ({
  componentType: 'component',
  status: 'fail',
  time,
  output,
});

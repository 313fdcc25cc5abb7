import { leaseOwner, type Principal } from '../../domain/kernel/principal.ts';
import { parseLeaseSeconds } from '../../domain/runs/lease.ts';
import type { Run } from '../../domain/runs/run.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import { assertRunAccess, changeRun, type RunAccessDeps } from './accessible-run.ts';
import type { RunSettings } from './run-settings.ts';
import type { RunTransitions } from './run-transitions.ts';

export type HeartbeatRun = (
  principal: Principal,
  runId: string,
  input: { leaseSeconds?: number },
) => Promise<Run>;

/** The worker holding the run's lease extends it; anyone else, or an expired lease, is 409. */
export function makeHeartbeatRun(
  deps: RunAccessDeps & { runTransitions: RunTransitions; clock: Clock; runSettings: RunSettings },
): HeartbeatRun {
  return async (principal, runId, { leaseSeconds }) => {
    const lease = parseLeaseSeconds(leaseSeconds ?? deps.runSettings.defaultLeaseSeconds);
    await assertRunAccess(deps, principal, runId, 'admin');
    return changeRun(deps, runId, (run) => run.heartbeat(leaseOwner(principal), deps.clock.now(), lease));
  };
}

import type { Principal } from '../../domain/kernel/principal.ts';
import type { Run } from '../../domain/runs/run.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import { assertRunAccess, changeRun, type RunAccessDeps } from './accessible-run.ts';
import type { RunTransitions } from './run-transitions.ts';

export type CancelRun = (principal: Principal, runId: string) => Promise<Run>;

/** Admins and owners cancel a queued or running run; a finished one is 409. */
export function makeCancelRun(
  deps: RunAccessDeps & { runTransitions: RunTransitions; clock: Clock },
): CancelRun {
  return async (principal, runId) => {
    await assertRunAccess(deps, principal, runId, 'admin');
    return changeRun(deps, runId, (run) => run.cancel(deps.clock.now()));
  };
}

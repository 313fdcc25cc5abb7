import { leaseOwner, type Principal } from '../../domain/kernel/principal.ts';
import type { Outcome, Run } from '../../domain/runs/run.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import { assertRunAccess, changeRun, type RunAccessDeps } from './accessible-run.ts';
import type { RunTransitions } from './run-transitions.ts';

export type CompleteRun = (principal: Principal, runId: string, outcome: Outcome) => Promise<Run>;

/** The worker holding the run's lease reports success or failure; anyone else, or an expired lease, is 409. */
export function makeCompleteRun(
  deps: RunAccessDeps & { runTransitions: RunTransitions; clock: Clock },
): CompleteRun {
  return async (principal, runId, outcome) => {
    await assertRunAccess(deps, principal, runId, 'admin');
    return changeRun(deps, runId, (run) => run.complete(leaseOwner(principal), outcome, deps.clock.now()));
  };
}

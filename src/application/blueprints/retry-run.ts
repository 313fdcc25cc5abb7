import type { Principal } from '../../domain/kernel/principal.ts';
import type { Run } from '../../domain/runs/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { assertRunAccess, type RunAccessDeps, type RunTransitions } from '../runs/index.ts';
import type { AdvanceRun } from './engine/advance-run.ts';

export type RetryRun = (principal: Principal, runId: string) => Promise<Run>;

/**
 * Admins and owners let a failed blueprint run go on from its failure: the same run, attempt + 1; steps that
 * succeeded keep their outputs, the others run again as the walk reaches them (a capped run first waits in the
 * queue for a slot of its group: Run.resume). Any other run is 409.
 */
export function makeRetryRun(
  deps: RunAccessDeps & {
    unitOfWork: UnitOfWork;
    runTransitions: RunTransitions;
    advanceRun: AdvanceRun;
    clock: Clock;
    nudgeEngine: () => void;
  },
): RetryRun {
  return async (principal, runId) => {
    await assertRunAccess(deps, principal, runId, 'admin');
    // Child runs of cancelled steps the engine has not cancelled yet: reopening forgets them, so cancel them here.
    const lingering: string[] = [];
    const run = await deps.unitOfWork.transaction(async () => {
      const resumed = await deps.runTransitions.change(runId, (locked) => locked.resume(deps.clock.now()));
      await deps.advanceRun(runId, (steps) => {
        for (const step of steps) {
          lingering.push(...step.childrenToCancel);
          // A failed map step's children its failure left unfinished (cancelled after that commit).
          if (step.status === 'failed' && step.mapChildren !== null) lingering.push(...step.childRunIds);
          step.reopen();
        }
        return undefined;
      });
      return resumed as Run;
    });
    for (const id of lingering) {
      await deps.runTransitions.change(id, (child) => {
        if (child.status === 'queued' || child.status === 'running') child.cancel(deps.clock.now());
      });
    }
    deps.nudgeEngine();
    return run;
  };
}

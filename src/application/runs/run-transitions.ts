import type { Run } from '../../domain/runs/run.ts';
import { isFinished, type RunStatus } from '../../domain/runs/run-status.ts';
import type { GroupCommits } from '../kernel/ports/group-commits.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { RunOutcomeListener } from './ports/run-outcome-listener.ts';
import type { RunChange, RunRepository } from './ports/run-repository.ts';

/**
 * THE place where a run's stored status changes after it was queued: completions, cancellations and
 * heartbeats (`change`) and lease expiries (`expireLeases`). Each stores the run and, in the same
 * transaction, announces a finished run to the run outcome listeners (the webhooks area's transactional
 * outbox). A path that changes a run's status (timeouts, for example) goes through here.
 */
export interface RunTransitions {
  /** Locks the run, lets `change` move it, stores it and its consequences. Undefined when there is no run. */
  change(runId: string, change: (run: Run) => void): Promise<Run | undefined>;
  /** RunRepository.expireLeases, with the consequences of every run it failed. */
  expireLeases(
    now: Date,
    options: { readonly limit: number; readonly workspaceId?: string },
    expire: (run: Run) => void,
  ): Promise<Run[]>;
}

export function makeRunTransitions(deps: {
  runs: RunRepository;
  unitOfWork: UnitOfWork;
  groupCommits: GroupCommits;
  runOutcomeListeners: readonly RunOutcomeListener[];
}): RunTransitions {
  const changed = async (run: Run, from: RunStatus) => {
    if (run.status === from || !isFinished(run.status)) return;
    for (const listener of deps.runOutcomeListeners) await listener(run);
  };
  /**
   * Changes of several runs in one transaction: the runs locked and stored together, then each finished run's
   * consequences. A change the domain refuses is that change's outcome (its error), not the batch's failure.
   */
  const changeEach = (changes: readonly RunChange[]) =>
    deps.unitOfWork.transaction(async () => {
      const from: Array<RunStatus | undefined> = changes.map(() => undefined);
      const outcomes = await deps.runs.updateEach(
        changes.map(({ id, change }, index) => ({
          id,
          change: (locked: Run) => {
            from[index] = locked.status;
            change(locked);
          },
        })),
      );
      for (const [index, outcome] of outcomes.entries()) {
        const before = from[index];
        if (outcome && !(outcome instanceof Error) && before) await changed(outcome, before);
      }
      return outcomes;
    });
  // Completions and heartbeats of many workers commit together, one commit (and WAL flush) for a batch.
  const grouped = deps.groupCommits.group(changeEach);
  return {
    change: async (runId, change) => {
      const outcome = await grouped({ id: runId, change });
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
    expireLeases: (now, options, expire) =>
      deps.unitOfWork.transaction(async () => {
        // Only running runs have a lease to expire.
        const runs = await deps.runs.expireLeases(now, options, expire);
        for (const run of runs) await changed(run, 'running');
        return runs;
      }),
  };
}

import type { Run } from '../../domain/runs/run.ts';
import { isFinished, type RunStatus } from '../../domain/runs/run-status.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { RunOutcomeListener } from './ports/run-outcome-listener.ts';
import type { RunRepository } from './ports/run-repository.ts';

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
  runOutcomeListeners: readonly RunOutcomeListener[];
}): RunTransitions {
  const changed = async (run: Run, from: RunStatus) => {
    if (run.status === from || !isFinished(run.status)) return;
    for (const listener of deps.runOutcomeListeners) await listener(run);
  };
  return {
    change: (runId, change) =>
      deps.unitOfWork.transaction(async () => {
        let from: RunStatus | undefined;
        const run = await deps.runs.update(runId, (locked) => {
          from = locked.status;
          change(locked);
        });
        if (run && from) await changed(run, from);
        return run;
      }),
    expireLeases: (now, options, expire) =>
      deps.unitOfWork.transaction(async () => {
        // Only running runs have a lease to expire.
        const runs = await deps.runs.expireLeases(now, options, expire);
        for (const run of runs) await changed(run, 'running');
        return runs;
      }),
  };
}

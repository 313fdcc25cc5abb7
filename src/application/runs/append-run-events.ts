import { NotFound } from '../../domain/kernel/errors.ts';
import { leaseOwner, type Principal } from '../../domain/kernel/principal.ts';
import { parseWorkerEvents, type WorkerEvent } from '../../domain/runs/run-event.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import { assertRunAccess, type RunAccessDeps } from './accessible-run.ts';
import type { RunEventRepository } from './ports/run-event-repository.ts';

export type AppendRunEvents = (
  principal: Principal,
  runId: string,
  events: readonly WorkerEvent[],
) => Promise<{ readonly seqFrom: number; readonly seqTo: number }>;

/**
 * The worker holding a run's lease reports logs, progress and output; anyone else, an expired lease or a
 * finished run is 409 (`run_cancelled` once cancelled); past the run's cap, 413.
 */
export function makeAppendRunEvents(
  deps: RunAccessDeps & { runEvents: RunEventRepository; clock: Clock },
): AppendRunEvents {
  return async (principal, runId, events) => {
    const now = deps.clock.now();
    const drafts = parseWorkerEvents(events, now);
    await assertRunAccess(deps, principal, runId, 'admin');
    const appended = await deps.runEvents.append(runId, drafts, (run) =>
      run.assertHeldBy(leaseOwner(principal), now),
    );
    if (!appended) throw new NotFound('run');
    return appended;
  };
}

import type { Principal } from '../../domain/kernel/principal.ts';
import { RUN_EVENT_PAGE_BYTES, type RunEvent } from '../../domain/runs/run-event.ts';
import { assertRunAccess, type RunAccessDeps } from './accessible-run.ts';
import type { RunEventRepository } from './ports/run-event-repository.ts';

export type ListRunEvents = (
  principal: Principal,
  runId: string,
  page: { readonly after: number; readonly limit: number },
) => Promise<RunEvent[]>;

/** A page of a run's events in seq order, after a given seq, within RUN_EVENT_PAGE_BYTES; for any member. */
export function makeListRunEvents(deps: RunAccessDeps & { runEvents: RunEventRepository }): ListRunEvents {
  return async (principal, runId, { after, limit }) => {
    await assertRunAccess(deps, principal, runId, 'member');
    return deps.runEvents.list(runId, after, limit, RUN_EVENT_PAGE_BYTES);
  };
}

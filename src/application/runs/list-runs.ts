import { InvalidInput } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { RunSummary } from '../../domain/runs/run.ts';
import type { RunStatus } from '../../domain/runs/run-status.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import { assertRunAccess, type RunAccessDeps } from './accessible-run.ts';

export interface ListRunsFilter {
  readonly workspaceId?: string | undefined;
  readonly missionId?: string | undefined;
  readonly status?: RunStatus | undefined;
  /** The child runs of this run (its workspace is the run's). */
  readonly parentRunId?: string | undefined;
  /** Created at or after. */
  readonly createdAfter?: Date | undefined;
  /** Created before. */
  readonly createdBefore?: Date | undefined;
}

export type ListRuns = (
  principal: Principal,
  filter: ListRunsFilter,
  page: PageRequest,
) => Promise<Page<RunSummary>>;

/**
 * A workspace's top-level runs (summaries), newest first, optionally of one mission and in one state; or the
 * child runs of one run (`parentRunId`). For any member.
 */
export function makeListRuns(deps: RunAccessDeps & { workspaceAccess: WorkspaceAccess }): ListRuns {
  return async (principal, filter, page) => {
    if (filter.parentRunId !== undefined) {
      const parent = await assertRunAccess(deps, principal, filter.parentRunId, 'member');
      if (filter.workspaceId !== undefined && filter.workspaceId !== parent.workspaceId) {
        return { items: [], next: null };
      }
      return deps.runs.list({ ...filter, workspaceId: parent.workspaceId }, page);
    }
    if (filter.workspaceId === undefined) throw new InvalidInput('workspace_id or parent_run_id is required');
    await deps.workspaceAccess(principal, filter.workspaceId, 'member');
    return deps.runs.list({ ...filter, workspaceId: filter.workspaceId }, page);
  };
}

import type { Principal } from '../../domain/kernel/principal.ts';
import type { RunSummary } from '../../domain/runs/run.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { RunFilter, RunRepository } from './ports/run-repository.ts';

export type ListRuns = (
  principal: Principal,
  filter: RunFilter,
  page: PageRequest,
) => Promise<Page<RunSummary>>;

/** A workspace's runs (summaries), newest first, optionally of one mission and in one status; for any member. */
export function makeListRuns(deps: { runs: RunRepository; workspaceAccess: WorkspaceAccess }): ListRuns {
  return async (principal, filter, page) => {
    await deps.workspaceAccess(principal, filter.workspaceId, 'member');
    return deps.runs.list(filter, page);
  };
}

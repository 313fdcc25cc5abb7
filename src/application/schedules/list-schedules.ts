import type { Principal } from '../../domain/kernel/principal.ts';
import type { Schedule } from '../../domain/schedules/schedule.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { WorkspaceAccess } from '../workspaces/workspace-access.ts';
import type { ScheduleRepository } from './ports/schedule-repository.ts';

export type ListSchedules = (
  principal: Principal,
  workspaceId: string,
  page: PageRequest,
) => Promise<Page<Schedule>>;

/** The workspace's schedules, newest first, for any member. */
export function makeListSchedules(deps: {
  schedules: ScheduleRepository;
  workspaceAccess: WorkspaceAccess;
}): ListSchedules {
  return async (principal, workspaceId, page) => {
    await deps.workspaceAccess(principal, workspaceId, 'member');
    return deps.schedules.listForWorkspace(workspaceId, page);
  };
}

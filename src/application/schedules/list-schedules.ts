import type { Schedule } from '../../domain/schedules/schedule.ts';
import { type WorkspaceList, workspaceList } from '../workspaces/index.ts';
import type { ScheduleRepository } from './ports/schedule-repository.ts';

export type ListSchedules = WorkspaceList<Schedule>;

/** The workspace's schedules, newest first, for any member. */
export const makeListSchedules = workspaceList(
  'member',
  (deps: { schedules: ScheduleRepository }, workspaceId, page) =>
    deps.schedules.listForWorkspace(workspaceId, page),
);

import { type AccessDeps, accessibleInWorkspace } from '../workspaces/index.ts';
import type { ScheduleRepository } from './ports/schedule-repository.ts';

export type ScheduleAccessDeps = AccessDeps & { readonly schedules: ScheduleRepository };

/** The schedule when the caller holds `minimum` in its workspace; another workspace's schedule is NotFound. */
export const accessibleSchedule = accessibleInWorkspace('schedule', (deps: ScheduleAccessDeps, id) =>
  deps.schedules.findById(id),
);

import type { Principal } from '../../domain/kernel/principal.ts';
import { type Schedule, ScheduleNotFound } from '../../domain/schedules/schedule.ts';
import type { Role } from '../../domain/workspaces/workspace.ts';
import type { WorkspaceAccess } from '../workspaces/workspace-access.ts';
import type { ScheduleRepository } from './ports/schedule-repository.ts';

export interface ScheduleAccessDeps {
  readonly schedules: ScheduleRepository;
  readonly workspaceAccess: WorkspaceAccess;
}

/** The schedule when the caller holds `minimum` in its workspace; another workspace's schedule is NotFound. */
export async function accessibleSchedule(
  deps: ScheduleAccessDeps,
  principal: Principal,
  scheduleId: string,
  minimum: Role,
): Promise<Schedule> {
  const schedule = await deps.schedules.findById(scheduleId);
  if (!schedule) throw new ScheduleNotFound();
  await deps.workspaceAccess(principal, schedule.workspaceId, minimum, 'schedule');
  return schedule;
}

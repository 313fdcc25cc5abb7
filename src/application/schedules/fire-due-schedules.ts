import type { Quotas } from '../../domain/kernel/quotas.ts';
import { Run } from '../../domain/runs/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { Usage } from '../kernel/ports/usage.ts';
import { type MissionBlueprints, type MissionRepository, runBlueprintOf } from '../missions/index.ts';
import type { RunRepository } from '../runs/index.ts';
import type { CronCalendar } from './ports/cron-calendar.ts';
import type { ScheduleRepository } from './ports/schedule-repository.ts';

export type FireDueSchedules = (options?: { limit?: number }) => Promise<Run[]>;

/**
 * Queues a run for every schedule due now, in one transaction: the due schedules are locked (another
 * instance skips them), each queues one run for its latest fire time at or before now (missed fires are
 * caught up once) with the schedule's input, and plans its next fire. Two instances firing the same fire time
 * anyway (a clock ahead, a schedule changed between) still queue one run: the run store's unique constraint
 * on (schedule, fire time) decides. Returns the runs queued.
 */
export function makeFireDueSchedules(deps: {
  missionBlueprints: MissionBlueprints;
  schedules: ScheduleRepository;
  missions: MissionRepository;
  runs: RunRepository;
  unitOfWork: UnitOfWork;
  cronCalendar: CronCalendar;
  clock: Clock;
  ids: IdGenerator;
  usage: Usage;
  quotas: Quotas;
}): FireDueSchedules {
  return ({ limit = 100 } = {}) =>
    deps.unitOfWork.transaction(async () => {
      const now = deps.clock.now();
      const queued: Run[] = [];
      for (const schedule of await deps.schedules.lockDue(now, limit)) {
        const mission = await deps.missions.findById(schedule.missionId);
        const fireTime = schedule.fire(now, deps.cronCalendar.fireTimes(schedule.cron, schedule.timezone));
        // A fire is skipped while the schedule's previous run still waits, or the mission's queue is full:
        // a schedule faster than its workers adds one waiting run, not one per fire.
        const skip =
          !mission ||
          (await deps.usage.hasQueuedRunOfSchedule(schedule.id)) ||
          (await deps.usage.countQueuedRuns(mission.id)) >= deps.quotas.queued_runs;
        if (mission && !skip) {
          const run = Run.queue({
            id: deps.ids.newId(),
            missionId: mission.id,
            workspaceId: mission.workspaceId,
            triggerType: 'schedule',
            scheduleId: schedule.id,
            fireTime,
            input: schedule.input,
            policy: mission.policy,
            blueprint: await runBlueprintOf(deps, mission),
            now,
          });
          if (await deps.runs.add(run)) queued.push(run);
        }
        await deps.schedules.recordFire(schedule);
      }
      return queued;
    });
}

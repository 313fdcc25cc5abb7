import { CronerCronCalendar } from '../adapters/schedules/croner-cron-calendar.ts';
import { scheduleRoutes } from '../adapters/schedules/http/schedule-routes.ts';
import { InMemoryScheduleRepository } from '../adapters/schedules/memory/in-memory-schedule-repository.ts';
import { PostgresScheduleRepository } from '../adapters/schedules/postgres/postgres-schedule-repository.ts';
import { ScheduleDispatcher } from '../adapters/schedules/schedule-dispatcher.ts';
import { type CreateSchedule, makeCreateSchedule } from '../application/schedules/create-schedule.ts';
import { type DeleteSchedule, makeDeleteSchedule } from '../application/schedules/delete-schedule.ts';
import { type FireDueSchedules, makeFireDueSchedules } from '../application/schedules/fire-due-schedules.ts';
import { type GetSchedule, makeGetSchedule } from '../application/schedules/get-schedule.ts';
import { type ListSchedules, makeListSchedules } from '../application/schedules/list-schedules.ts';
import type { CronCalendar } from '../application/schedules/ports/cron-calendar.ts';
import type { ScheduleRepository } from '../application/schedules/ports/schedule-repository.ts';
import { makeUpdateSchedule, type UpdateSchedule } from '../application/schedules/update-schedule.ts';
import type { Area } from './area.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';
import type { ThroughRuns } from './runs.ts';

/** Schedules: cron expressions in a time zone that start runs of a mission. */
export interface SchedulesCradle {
  schedules: ScheduleRepository;
  cronCalendar: CronCalendar;
  scheduleDispatcher: ScheduleDispatcher;
  createSchedule: CreateSchedule;
  listSchedules: ListSchedules;
  getSchedule: GetSchedule;
  updateSchedule: UpdateSchedule;
  deleteSchedule: DeleteSchedule;
  fireDueSchedules: FireDueSchedules;
}

export type ThroughSchedules = ThroughRuns & SchedulesCradle;

const { singleton, instance } = registrar<ThroughSchedules>();
const { stored } = adaptersFor<ThroughSchedules>();

export const schedules: Area<SchedulesCradle, ThroughSchedules> = {
  name: 'schedules',
  register: ({ config, persistence }) => ({
    schedules: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresScheduleRepository({ db }),
        memory: (store) => new InMemoryScheduleRepository({ store }),
      }),
    ),
    cronCalendar: instance(CronerCronCalendar),
    // Every instance fires due schedules; locks and a unique constraint keep each fire time to one run.
    scheduleDispatcher: singleton(
      ({ fireDueSchedules, logger }) =>
        new ScheduleDispatcher({
          fireDueSchedules,
          logger,
          intervalSeconds: config.schedules.intervalSeconds,
        }),
      (dispatcher) => dispatcher.stop(),
    ),
    createSchedule: singleton(makeCreateSchedule),
    listSchedules: singleton(makeListSchedules),
    getSchedule: singleton(makeGetSchedule),
    updateSchedule: singleton(makeUpdateSchedule),
    deleteSchedule: singleton(makeDeleteSchedule),
    fireDueSchedules: singleton(makeFireDueSchedules),
  }),
  routes: scheduleRoutes,
  jobs: ({ scheduleDispatcher }) => [scheduleDispatcher],
};

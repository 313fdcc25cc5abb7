// What later areas use of the schedules area's application: they import it from here only (`make layers`).
export type { CreateSchedule } from './create-schedule.ts';
export type { ScheduleRepository } from './ports/schedule-repository.ts';

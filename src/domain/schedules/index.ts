// What later areas use of the schedules area's domain: they import it from here only (`make layers`).
export type { Schedule } from './schedule.ts';

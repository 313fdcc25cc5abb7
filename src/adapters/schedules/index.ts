// What later areas use of this area's adapters: they import it from here only (`make layers`).

export { presentSchedule } from './http/schedule-presenters.ts';
export { scheduleTables } from './memory/schedule-tables.ts';

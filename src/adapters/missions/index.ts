// What later areas use of the missions area's adapters: they import it from here only (`make layers`).
export { jsonObject } from './http/mission-schemas.ts';
export { missionTables } from './memory/mission-tables.ts';

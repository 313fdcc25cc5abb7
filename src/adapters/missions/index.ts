// What later areas use of the missions area's adapters: they import it from here only (`make layers`).

export { presentMission } from './http/mission-presenters.ts';
export { jsonObject } from './http/mission-schemas.ts';
export { missionTables } from './memory/mission-tables.ts';

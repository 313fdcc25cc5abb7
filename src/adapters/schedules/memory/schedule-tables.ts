import { Schedule } from '../../../domain/schedules/schedule.ts';
import { missionTables } from '../../missions/index.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';

/** The schedules area's in-memory tables; a schedule goes with its mission. */
export const scheduleTables = inMemoryTables((store) => {
  const schedules = store.byId((s: Schedule) => new Schedule(s));
  schedules.cascadeFrom(missionTables(store).missions, (s) => s.missionId);
  return { schedules };
});

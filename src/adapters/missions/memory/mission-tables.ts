import { Mission } from '../../../domain/missions/mission.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { workspaceTables } from '../../workspaces/index.ts';

/** The missions area's in-memory tables; a mission goes with its workspace. */
export const missionTables = inMemoryTables((store) => {
  const missions = store.byId((m: Mission) => new Mission(m));
  missions.cascadeFrom(workspaceTables(store).workspaces, (m) => m.workspaceId);
  return { missions };
});

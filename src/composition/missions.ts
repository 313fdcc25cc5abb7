import { announcingMissions, withCachedMissions } from '../adapters/missions/caching/mission-caches.ts';
import { missionRoutes } from '../adapters/missions/http/mission-routes.ts';
import { InMemoryMissionRepository } from '../adapters/missions/memory/in-memory-mission-repository.ts';
import { MikroOrmMissionRepository } from '../adapters/missions/postgres/mikro-orm-mission-repository.ts';
import { type CreateMission, makeCreateMission } from '../application/missions/create-mission.ts';
import { type DeleteMission, makeDeleteMission } from '../application/missions/delete-mission.ts';
import { type GetMission, makeGetMission } from '../application/missions/get-mission.ts';
import { type ListMissions, makeListMissions } from '../application/missions/list-missions.ts';
import type { ActiveRuns } from '../application/missions/ports/active-runs.ts';
import type { MissionBlueprints } from '../application/missions/ports/mission-blueprints.ts';
import type { MissionRepository } from '../application/missions/ports/mission-repository.ts';
import { makeUpdateMission, type UpdateMission } from '../application/missions/update-mission.ts';
import type { ThroughApiKeys } from './api-keys.ts';
import type { Area } from './area.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';

/** Missions: named workflow definitions with the policy of their runs. */
export interface MissionsCradle {
  missions: MissionRepository;
  /** Ingest's lookup of a trigger's mission, cached. */
  cachedMissions: MissionRepository;
  createMission: CreateMission;
  listMissions: ListMissions;
  getMission: GetMission;
  updateMission: UpdateMission;
  deleteMission: DeleteMission;
}

/** What missions ask of later areas: whether a mission has runs in progress, whether it may run a blueprint. */
export interface MissionsNeeds {
  activeRuns: ActiveRuns;
  /** Whether a mission may run a blueprint (the blueprints area registers it). */
  missionBlueprints: MissionBlueprints;
}

export type ThroughMissions = ThroughApiKeys & MissionsCradle & MissionsNeeds;

const { singleton } = registrar<ThroughMissions>();
const { cachedRead, announced } = adaptersFor<ThroughMissions>();

export const missions: Area<MissionsCradle, ThroughMissions> = {
  name: 'missions',
  register: ({ persistence }) => ({
    missions: singleton(
      announced(persistence, MikroOrmMissionRepository, announcingMissions, InMemoryMissionRepository),
    ),
    cachedMissions: cachedRead(persistence, ({ missions }) => missions, withCachedMissions),
    createMission: singleton(makeCreateMission),
    listMissions: singleton(makeListMissions),
    getMission: singleton(makeGetMission),
    updateMission: singleton(makeUpdateMission),
    deleteMission: singleton(makeDeleteMission),
  }),
  routes: (deps) => missionRoutes(deps),
};

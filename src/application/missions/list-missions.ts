import type { Mission } from '../../domain/missions/mission.ts';
import { type WorkspaceList, workspaceList } from '../workspaces/index.ts';
import type { MissionRepository } from './ports/mission-repository.ts';

export type ListMissions = WorkspaceList<Mission>;

/** The workspace's missions, newest first, for any member. */
export const makeListMissions = workspaceList(
  'member',
  (deps: { missions: MissionRepository }, workspaceId, page) =>
    deps.missions.listForWorkspace(workspaceId, page),
);

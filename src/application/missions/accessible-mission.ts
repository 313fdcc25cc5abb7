import { type AccessDeps, accessibleInWorkspace } from '../workspaces/index.ts';
import type { MissionRepository } from './ports/mission-repository.ts';

export type MissionAccessDeps = AccessDeps & { readonly missions: MissionRepository };

/** The mission when the caller holds `minimum` in its workspace; another workspace's mission is NotFound. */
export const accessibleMission = accessibleInWorkspace('mission', (deps: MissionAccessDeps, id) =>
  deps.missions.findById(id),
);

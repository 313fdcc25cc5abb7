import type { Principal } from '../../domain/kernel/principal.ts';
import type { Mission } from '../../domain/missions/mission.ts';
import { accessibleMission, type MissionAccessDeps } from './accessible-mission.ts';

export type GetMission = (principal: Principal, missionId: string) => Promise<Mission>;

export function makeGetMission(deps: MissionAccessDeps): GetMission {
  return (principal, missionId) => accessibleMission(deps, principal, missionId, 'member');
}

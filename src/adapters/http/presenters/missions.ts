import type { Mission } from '../../../domain/missions/mission.ts';

export function presentMission(mission: Mission) {
  return {
    id: mission.id,
    workspace_id: mission.workspaceId,
    name: mission.name,
    description: mission.description,
    definition: mission.definition,
    created_at: mission.createdAt.toISOString(),
    updated_at: mission.updatedAt.toISOString(),
  };
}

import { InvalidInput } from '../../domain/kernel/errors.ts';
import type { MissionBlueprints } from '../missions/index.ts';
import type { BlueprintRepository } from './ports/blueprint-repository.ts';

/** The missions area's question, answered from the blueprints: one of the workspace, with that version. */
export function makeMissionBlueprints(deps: { blueprints: BlueprintRepository }): MissionBlueprints {
  return {
    assertUsable: async (workspaceId, id, version) => {
      const blueprint = await deps.blueprints.findById(id);
      if (!blueprint || blueprint.workspaceId !== workspaceId) {
        throw new InvalidInput('blueprint.id names no blueprint of this workspace');
      }
      if (version !== null && version > blueprint.latestVersion) {
        throw new InvalidInput(`blueprint.version must be at most ${blueprint.latestVersion}`);
      }
    },
    latestVersion: async (id) => (await deps.blueprints.findById(id))?.latestVersion ?? null,
  };
}

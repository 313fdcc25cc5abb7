import { Conflict } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { MissionRepository } from '../missions/index.ts';
import { accessibleBlueprint, type BlueprintAccessDeps } from './accessible-blueprint.ts';

export type DeleteBlueprint = (principal: Principal, blueprintId: string) => Promise<void>;

/** Admins and owners delete a blueprint and its versions; one a mission runs is 409 (CONTRACT section 9). */
export function makeDeleteBlueprint(
  deps: BlueprintAccessDeps & { readonly missions: MissionRepository },
): DeleteBlueprint {
  return async (principal, blueprintId) => {
    const blueprint = await accessibleBlueprint(deps, principal, blueprintId, 'admin');
    if (await deps.missions.usesBlueprint(blueprint.id)) {
      throw new Conflict('a mission runs this blueprint: delete the mission or point it elsewhere first');
    }
    await deps.blueprints.delete(blueprint.id);
  };
}

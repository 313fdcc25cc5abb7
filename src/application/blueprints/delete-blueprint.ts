import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleBlueprint, type BlueprintAccessDeps } from './accessible-blueprint.ts';

export type DeleteBlueprint = (principal: Principal, blueprintId: string) => Promise<void>;

/**
 * Admins and owners delete a blueprint and its versions. (Missions do not run blueprints yet; once they do,
 * a blueprint a mission uses answers 409 here.)
 */
export function makeDeleteBlueprint(deps: BlueprintAccessDeps): DeleteBlueprint {
  return async (principal, blueprintId) => {
    const blueprint = await accessibleBlueprint(deps, principal, blueprintId, 'admin');
    await deps.blueprints.delete(blueprint.id);
  };
}

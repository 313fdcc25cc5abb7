import {
  type Blueprint,
  type BlueprintChanges,
  BlueprintNotFound,
} from '../../domain/blueprints/blueprint.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import { accessibleBlueprint, type BlueprintAccessDeps } from './accessible-blueprint.ts';

export type UpdateBlueprint = (
  principal: Principal,
  blueprintId: string,
  changes: BlueprintChanges,
) => Promise<Blueprint>;

/** Admins and owners rename a blueprint or change its description; its versions stay as they are. */
export function makeUpdateBlueprint(deps: BlueprintAccessDeps & { clock: Clock }): UpdateBlueprint {
  return async (principal, blueprintId, changes) => {
    await accessibleBlueprint(deps, principal, blueprintId, 'admin');
    const changed = await deps.blueprints.update(blueprintId, (blueprint) =>
      blueprint.update(changes, deps.clock.now()),
    );
    if (!changed) throw new BlueprintNotFound();
    return changed;
  };
}

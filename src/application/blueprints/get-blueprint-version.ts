import { BlueprintNotFound } from '../../domain/blueprints/blueprint.ts';
import type { BlueprintVersion } from '../../domain/blueprints/blueprint-version.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleBlueprint, type BlueprintAccessDeps } from './accessible-blueprint.ts';

export type GetBlueprintVersion = (
  principal: Principal,
  blueprintId: string,
  version: number,
) => Promise<BlueprintVersion>;

export function makeGetBlueprintVersion(deps: BlueprintAccessDeps): GetBlueprintVersion {
  return async (principal, blueprintId, version) => {
    await accessibleBlueprint(deps, principal, blueprintId, 'member');
    const found = await deps.blueprints.findVersion(blueprintId, version);
    if (!found) throw new BlueprintNotFound('blueprint version');
    return found;
  };
}

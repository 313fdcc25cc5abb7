import type { BlueprintVersion } from '../../domain/blueprints/blueprint-version.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import { accessibleBlueprint, type BlueprintAccessDeps } from './accessible-blueprint.ts';

export type ListBlueprintVersions = (
  principal: Principal,
  blueprintId: string,
  page: PageRequest,
) => Promise<Page<BlueprintVersion>>;

/** A blueprint's versions, oldest first, for any member. */
export function makeListBlueprintVersions(deps: BlueprintAccessDeps): ListBlueprintVersions {
  return async (principal, blueprintId, page) => {
    await accessibleBlueprint(deps, principal, blueprintId, 'member');
    return deps.blueprints.listVersions(blueprintId, page);
  };
}

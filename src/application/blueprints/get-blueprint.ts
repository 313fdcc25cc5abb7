import type { Blueprint } from '../../domain/blueprints/blueprint.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleBlueprint, type BlueprintAccessDeps } from './accessible-blueprint.ts';

export type GetBlueprint = (principal: Principal, blueprintId: string) => Promise<Blueprint>;

export function makeGetBlueprint(deps: BlueprintAccessDeps): GetBlueprint {
  return (principal, blueprintId) => accessibleBlueprint(deps, principal, blueprintId, 'member');
}

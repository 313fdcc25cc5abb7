import { type Blueprint, BlueprintNotFound } from '../../domain/blueprints/blueprint.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Role } from '../../domain/kernel/roles.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { BlueprintRepository } from './ports/blueprint-repository.ts';

export interface BlueprintAccessDeps {
  readonly blueprints: BlueprintRepository;
  readonly workspaceAccess: WorkspaceAccess;
}

/** The blueprint when the caller holds `minimum` in its workspace; another workspace's blueprint is NotFound. */
export async function accessibleBlueprint(
  deps: BlueprintAccessDeps,
  principal: Principal,
  blueprintId: string,
  minimum: Role,
): Promise<Blueprint> {
  const blueprint = await deps.blueprints.findById(blueprintId);
  if (!blueprint) throw new BlueprintNotFound();
  await deps.workspaceAccess(principal, blueprint.workspaceId, minimum, 'blueprint');
  return blueprint;
}

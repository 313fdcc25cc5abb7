import { BlueprintNotFound } from '../../domain/blueprints/blueprint.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleBlueprint, type BlueprintAccessDeps } from './accessible-blueprint.ts';
import type { JsonDiff, JsonPatchOperation } from './ports/json-diff.ts';

export interface BlueprintDiff {
  readonly from: number;
  readonly to: number;
  /** The RFC 6902 JSON Patch from version `from`'s graph to version `to`'s. */
  readonly patch: JsonPatchOperation[];
}

export type DiffBlueprintVersions = (
  principal: Principal,
  blueprintId: string,
  from: number,
  to: number,
) => Promise<BlueprintDiff>;

/** What changed between two versions of a blueprint, for any member. */
export function makeDiffBlueprintVersions(
  deps: BlueprintAccessDeps & { jsonDiff: JsonDiff },
): DiffBlueprintVersions {
  return async (principal, blueprintId, from, to) => {
    await accessibleBlueprint(deps, principal, blueprintId, 'member');
    const [a, b] = await Promise.all([
      deps.blueprints.findVersion(blueprintId, from),
      deps.blueprints.findVersion(blueprintId, to),
    ]);
    if (!a || !b) throw new BlueprintNotFound('blueprint version');
    return { from, to, patch: deps.jsonDiff.patch(a.graph, b.graph) };
  };
}

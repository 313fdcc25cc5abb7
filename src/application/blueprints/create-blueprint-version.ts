import { BlueprintNotFound } from '../../domain/blueprints/blueprint.ts';
import type { BlueprintVersion } from '../../domain/blueprints/blueprint-version.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import { accessibleBlueprint, type BlueprintAccessDeps } from './accessible-blueprint.ts';
import { checkedGraph } from './checked-graph.ts';
import { newVersion } from './new-version.ts';
import type { ExpressionLanguage } from './ports/expression-language.ts';
import type { GraphDigest } from './ports/graph-digest.ts';

export interface CreateBlueprintVersionInput {
  readonly graph: unknown;
  /** The version the editor started from: a Conflict when it is no longer the latest. */
  readonly baseVersion?: number | undefined;
  readonly note?: string | null | undefined;
}

export type CreateBlueprintVersion = (
  principal: Principal,
  blueprintId: string,
  input: CreateBlueprintVersionInput,
) => Promise<BlueprintVersion>;

/** Admins and owners add an immutable version; it becomes the latest. */
export function makeCreateBlueprintVersion(
  deps: BlueprintAccessDeps & {
    expressions: ExpressionLanguage;
    graphDigest: GraphDigest;
    clock: Clock;
    ids: IdGenerator;
  },
): CreateBlueprintVersion {
  return async (principal, blueprintId, { graph, baseVersion, note }) => {
    await accessibleBlueprint(deps, principal, blueprintId, 'admin');
    const checked = checkedGraph(graph, deps.expressions);
    const now = deps.clock.now();
    const added = await deps.blueprints.addVersion(blueprintId, (blueprint) =>
      newVersion(deps, principal, {
        blueprintId,
        version: blueprint.nextVersion(baseVersion, now),
        graph: checked,
        note,
        now,
      }),
    );
    if (!added) throw new BlueprintNotFound();
    return added.version;
  };
}

import { Blueprint } from '../../domain/blueprints/blueprint.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import { checkedGraph } from './checked-graph.ts';
import { newVersion } from './new-version.ts';
import type { BlueprintRepository } from './ports/blueprint-repository.ts';
import type { ExpressionLanguage } from './ports/expression-language.ts';
import type { GraphDigest } from './ports/graph-digest.ts';

export interface CreateBlueprintInput {
  readonly workspaceId: string;
  readonly name: string;
  readonly description?: string | null | undefined;
  readonly graph: unknown;
}

export type CreateBlueprint = (principal: Principal, input: CreateBlueprintInput) => Promise<Blueprint>;

/** Admins and owners create a blueprint in their workspace, with its graph as version 1. */
export function makeCreateBlueprint(deps: {
  blueprints: BlueprintRepository;
  workspaceAccess: WorkspaceAccess;
  expressions: ExpressionLanguage;
  graphDigest: GraphDigest;
  clock: Clock;
  ids: IdGenerator;
}): CreateBlueprint {
  return async (principal, input) => {
    await deps.workspaceAccess(principal, input.workspaceId, 'admin');
    const graph = checkedGraph(input.graph, deps.expressions);
    const now = deps.clock.now();
    const blueprint = Blueprint.create({ ...input, id: deps.ids.newId() }, now);
    const first = newVersion(deps, principal, { blueprintId: blueprint.id, version: 1, graph, now });
    await deps.blueprints.add(blueprint, first);
    return blueprint;
  };
}

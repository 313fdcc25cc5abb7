import { Blueprint } from '../../domain/blueprints/blueprint.ts';
import type { BlueprintTemplate } from '../../domain/blueprints/blueprint-template.ts';
import type { Graph } from '../../domain/blueprints/graph.ts';
import { InvalidFields } from '../../domain/kernel/errors.ts';
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
  /** The graph; or `templateId`, exactly one of the two (the route's schema sees to it). */
  readonly graph?: unknown;
  readonly templateId?: string | undefined;
}

export type CreateBlueprint = (principal: Principal, input: CreateBlueprintInput) => Promise<Blueprint>;

/**
 * Admins and owners create a blueprint in their workspace, with its graph, or a built-in template's, as version
 * 1. An unknown `templateId` is bad input (400 at `/template_id`), not a missing resource: templates are the
 * server's, and a 404 would read as the workspace being out of reach.
 */
export function makeCreateBlueprint(deps: {
  blueprints: BlueprintRepository;
  workspaceAccess: WorkspaceAccess;
  expressions: ExpressionLanguage;
  graphDigest: GraphDigest;
  blueprintTemplates: readonly BlueprintTemplate[];
  clock: Clock;
  ids: IdGenerator;
}): CreateBlueprint {
  return async (principal, input) => {
    await deps.workspaceAccess(principal, input.workspaceId, 'admin');
    const graph = graphOf(input, deps);
    const now = deps.clock.now();
    const blueprint = Blueprint.create({ ...input, id: deps.ids.newId() }, now);
    const first = newVersion(deps, principal, { blueprintId: blueprint.id, version: 1, graph, now });
    await deps.blueprints.add(blueprint, first);
    return blueprint;
  };
}

function graphOf(
  input: CreateBlueprintInput,
  deps: { expressions: ExpressionLanguage; blueprintTemplates: readonly BlueprintTemplate[] },
): Graph {
  if (input.templateId !== undefined && input.graph !== undefined) {
    throw new InvalidFields([{ path: '/template_id', message: 'must not be sent with graph' }]);
  }
  if (input.templateId === undefined) {
    if (input.graph === undefined) {
      throw new InvalidFields([{ path: '/graph', message: 'is required unless template_id is sent' }]);
    }
    return checkedGraph(input.graph, deps.expressions);
  }
  const template = deps.blueprintTemplates.find(({ id }) => id === input.templateId);
  if (!template) {
    throw new InvalidFields([{ path: '/template_id', message: 'is not the id of a built-in template' }]);
  }
  return template.graph;
}

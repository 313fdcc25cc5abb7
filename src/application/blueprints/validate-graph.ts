import type { Principal } from '../../domain/kernel/principal.ts';
import { checkedGraph } from './checked-graph.ts';
import type { ExpressionLanguage } from './ports/expression-language.ts';

export type ValidateGraph = (principal: Principal, graph: unknown) => Promise<void>;

/**
 * Checks a graph as creating a version would, storing nothing: InvalidFields names every problem. Any
 * signed-in caller may check a graph; it reads nothing of any workspace.
 */
export function makeValidateGraph(deps: { expressions: ExpressionLanguage }): ValidateGraph {
  return async (_principal, graph) => {
    checkedGraph(graph, deps.expressions);
  };
}

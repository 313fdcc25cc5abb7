import type { Graph } from '../../../domain/blueprints/graph.ts';
import { defaultInput } from '../../../domain/blueprints/graph-walk.ts';
import type { Step } from '../../../domain/blueprints/step.ts';
import type { ExpressionLanguage } from '../ports/expression-language.ts';

/** Every expression of a run (node input, edge `when`, graph `output`) gets at most this long (CONTRACT 9). */
export const EXPRESSION_DEADLINE_MS = 1000;

/** What expressions see: `{input, steps: {<node id>: {output}}}`, the outputs of the finished steps. */
export interface ExpressionContext {
  readonly input: unknown;
  readonly steps: Record<string, { readonly output: unknown }>;
}

/** The outputs of the steps the graph goes on from (succeeded, or failed with `on_error: continue`). */
export function finishedOutputs(steps: readonly Step[]): Map<string, unknown> {
  return new Map(
    steps.filter((step) => step.progress === 'finished').map((step) => [step.nodeId, step.output]),
  );
}

export function expressionContext(
  runInput: unknown,
  outputs: ReadonlyMap<string, unknown>,
): ExpressionContext {
  return {
    input: runInput,
    steps: Object.fromEntries([...outputs].map(([id, output]) => [id, { output }])),
  };
}

/** A node's input: its `input` expression's value, else the default of graph-walk.ts. */
export async function nodeInput(
  expressions: ExpressionLanguage,
  graph: Graph,
  nodeId: string,
  runInput: unknown,
  outputs: ReadonlyMap<string, unknown>,
): Promise<unknown> {
  const node = graph.nodes.find(({ id }) => id === nodeId);
  if (node?.input === undefined) return defaultInput(graph, nodeId, runInput, outputs);
  const value = await expressions.evaluate(
    node.input,
    expressionContext(runInput, outputs),
    EXPRESSION_DEADLINE_MS,
  );
  return value ?? null;
}

/** The indices of the edges out of `nodeId` that are taken once it finished with `output`. */
export async function takenEdges(
  expressions: ExpressionLanguage,
  graph: Graph,
  nodeId: string,
  runInput: unknown,
  outputs: ReadonlyMap<string, unknown>,
): Promise<number[]> {
  const context = expressionContext(runInput, outputs);
  const taken: number[] = [];
  for (const [index, edge] of graph.edges.entries()) {
    if (edge.from !== nodeId) continue;
    if (edge.when === undefined) taken.push(index);
    else if ((await expressions.evaluate(edge.when, context, EXPRESSION_DEADLINE_MS)) === true)
      taken.push(index);
  }
  return taken;
}

import type { Graph } from '../../../domain/blueprints/graph.ts';
import { defaultOutput, isWalkComplete, nextSteps } from '../../../domain/blueprints/graph-walk.ts';
import type { Step } from '../../../domain/blueprints/step.ts';
import type { Outcome } from '../../../domain/runs/index.ts';
import type { ExpressionLanguage } from '../ports/expression-language.ts';
import {
  EXPRESSION_DEADLINE_MS,
  expressionContext,
  finishedOutputs,
  nodeInput,
  takenEdges,
} from './expression-context.ts';

/**
 * What a running blueprint run does next, given its locked steps: a step that failed (without `on_error:
 * continue`) fails the run and cancels its unfinished steps; else the steps the walk finds ready are marked
 * due now, those it skips skipped, and once every node is finished or skipped the run succeeds with its
 * output (the graph's `output` expression, else the outputs of the nodes without successors). Returns the
 * run's outcome when it ends. A ready `condition` step is settled at once, here (it does nothing but take its
 * edges: one transaction instead of a take, a start and a result), and its node id added to `settled`; one
 * whose input or `when` fails to evaluate is left ready, for the engine to fail as any step.
 */
export async function planRun(
  deps: { readonly expressions: ExpressionLanguage },
  graph: Graph,
  runInput: unknown,
  steps: readonly Step[],
  now: Date,
  settled: Set<string> = new Set(),
): Promise<Outcome | undefined> {
  const failed = steps.find((step) => step.status === 'failed' && step.takenEdges === null);
  if (failed) {
    for (const step of steps) step.cancel(now);
    const error = failed.error ?? { code: 'step_failed', message: 'the step failed' };
    return {
      status: 'failed',
      error: { code: error.code, message: `step ${failed.nodeId}: ${error.message}` },
    };
  }
  const byId = new Map(steps.map((step) => [step.nodeId, step]));
  const progressOf = () =>
    new Map(
      steps.flatMap((step) => (step.progress === undefined ? [] : [[step.nodeId, step.progress] as const])),
    );
  for (let again = true; again; ) {
    const { ready, skipped } = nextSteps(graph, {
      progress: progressOf(),
      taken: (index) => byId.get(graph.edges[index]?.from ?? '')?.takenEdges?.includes(index) ?? false,
    });
    for (const id of ready) byId.get(id)?.ready(now);
    for (const id of skipped) byId.get(id)?.skip(now);
    again = false;
    for (const id of ready) {
      const step = byId.get(id);
      if (step && (await settleCondition(deps, graph, runInput, steps, step, now))) {
        settled.add(id);
        again = true;
      }
    }
  }
  if (!isWalkComplete(graph, progressOf())) return undefined;
  const outputs = finishedOutputs(steps);
  if (graph.output === undefined) return { status: 'succeeded', output: defaultOutput(graph, outputs) };
  try {
    const output = await deps.expressions.evaluate(
      graph.output,
      expressionContext(runInput, outputs),
      EXPRESSION_DEADLINE_MS,
    );
    if (output === null || typeof output !== 'object' || Array.isArray(output)) {
      return failure('expression_error', 'the output expression must give a JSON object');
    }
    return { status: 'succeeded', output };
  } catch (error) {
    return failure('expression_error', (error as Error).message);
  }
}

/** Starts and succeeds a ready `condition` step (output its input) with the edges it takes; false if it cannot. */
async function settleCondition(
  deps: { readonly expressions: ExpressionLanguage },
  graph: Graph,
  runInput: unknown,
  steps: readonly Step[],
  step: Step,
  now: Date,
): Promise<boolean> {
  if (step.kind !== 'condition' || step.status !== 'pending') return false;
  const outputs = finishedOutputs(steps);
  let input: unknown;
  let edges: number[];
  try {
    input = await nodeInput(deps.expressions, graph, step.nodeId, runInput, outputs);
    outputs.set(step.nodeId, input);
    edges = await takenEdges(deps.expressions, graph, step.nodeId, runInput, outputs);
  } catch {
    return false;
  }
  step.start(now, now);
  step.succeed(input, input, edges, now);
  return true;
}

function failure(code: string, message: string): Outcome {
  return { status: 'failed', error: { code, message: message.slice(0, 4000) } };
}

import type { GraphNode } from '../../../domain/blueprints/graph.ts';
import { type MapChild, type MapProgress, mapProgress } from '../../../domain/blueprints/map-children.ts';
import type { Step } from '../../../domain/blueprints/step.ts';
import type { Run } from '../../../domain/runs/index.ts';
import type { Clock } from '../../kernel/ports/clock.ts';
import type { IdGenerator } from '../../kernel/ports/id-generator.ts';
import type { RunRepository } from '../../runs/index.ts';
import type { AdvanceRun } from './advance-run.ts';
import type { RunGraphs } from './run-graphs.ts';
import { childRun, mapConcurrency, type NodeResult } from './run-node.ts';

export interface MapDeps {
  readonly runs: RunRepository;
  readonly runGraphs: RunGraphs;
  readonly advanceRun: AdvanceRun;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

/** What collecting a map step came to: a result that finishes it, or nothing yet; and child runs to cancel. */
export interface CollectedMap {
  readonly result?: NodeResult;
  readonly cancel: string[];
}

/**
 * A child of a `map` step over `task` nodes finished (or its lease ran out): every element's child succeeded
 * (the step succeeds with their outputs in element order), one failed (the step fails; the unfinished ones are
 * cancelled after the commit), or more children are created, under the step's lock and in the transaction that
 * records them on the step, so a crash never leaves a child the step does not know of (nor creates one twice).
 * What the children came to is read again under that lock: a child finishing meanwhile makes the step due again
 * only once this commits, so no outcome is missed.
 */
export async function collectMap(deps: MapDeps, taken: Step): Promise<CollectedMap> {
  const progress = mapProgress(
    taken.mapChildren ?? [],
    await readChildren(deps, taken.mapChildren ?? []),
    Number.POSITIVE_INFINITY,
  );
  if (progress.type === 'succeeded') return { result: progress, cancel: [] };
  if (progress.type === 'failed') {
    return {
      result: { type: 'failed', error: progress.error, retryable: false },
      cancel: progress.unfinished,
    };
  }
  const cancel = await deps.advanceRun(taken.runId, async (steps, run) => {
    const step = steps.find((s) => s.nodeId === taken.nodeId);
    if (!step || step.attempt !== taken.attempt || step.starts !== taken.starts || step.status !== 'running')
      return undefined;
    if (step.mapChildren === null) return undefined;
    const node = (await deps.runGraphs.graphOf(run)).nodes.find(({ id }) => id === step.nodeId) as GraphNode;
    const now = deps.clock.now();
    const next = await addMapChildren(deps, step, run, node, now);
    // A child finished since the read above: collect it at once.
    step.lease(next.type === 'running' ? null : now);
    return undefined;
  });
  return { cancel };
}

/**
 * Creates the child runs the map step has room for (`config.concurrency` unfinished at most), each with its
 * element's index, and records them on the step. In the caller's transaction, under the step's lock.
 */
export async function addMapChildren(
  deps: Pick<MapDeps, 'runs' | 'ids'>,
  step: Step,
  run: Run,
  node: GraphNode,
  now: Date,
): Promise<MapProgress> {
  const children = step.mapChildren ?? [];
  const progress = mapProgress(children, await readChildren(deps, children), mapConcurrency(node));
  if (progress.type !== 'running') return progress;
  const inner = { ...(node.config as { node: Omit<GraphNode, 'id'> }).node, id: node.id } as GraphNode;
  const items = step.input as readonly unknown[];
  for (const index of progress.start) {
    const child = childRun(deps, { run, node: inner, input: items[index], now, depth: 0 }, index);
    if (child.type !== 'child') continue;
    await deps.runs.add(child.run);
    step.mapChildAdded(index, child.run.id);
  }
  return progress;
}

async function readChildren(
  deps: Pick<MapDeps, 'runs'>,
  children: readonly (string | null)[],
): Promise<Map<string, MapChild>> {
  const found = new Map<string, MapChild>();
  for (const id of children) {
    if (id === null) continue;
    const child = await deps.runs.findById(id);
    if (child) found.set(id, child);
  }
  return found;
}

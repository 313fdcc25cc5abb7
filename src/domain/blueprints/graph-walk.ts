import type { Graph } from './graph.ts';

/** Where a node stands in a run: started (not yet finished), finished with an output, or skipped. */
export type NodeProgress = 'started' | 'finished' | 'skipped';

export interface WalkState {
  /** The nodes started, finished or skipped; every other node is pending. */
  readonly progress: ReadonlyMap<string, NodeProgress>;
  /**
   * Whether the edge at this index of `graph.edges` was taken. Asked only for edges out of finished nodes;
   * the engine evaluates an edge's `when` once, when its source finishes, and records the answer.
   */
  readonly taken: (edgeIndex: number) => boolean;
}

export interface NextSteps {
  /** Pending nodes whose incoming edges are all resolved and at least one taken (entry nodes at once). */
  readonly ready: string[];
  /** Pending nodes whose incoming edges are all resolved and none taken, with the skips that follows from. */
  readonly skipped: string[];
}

/**
 * What a run does next. An edge is resolved once its source finished (taken when its `when` held, always
 * without one) or was skipped (never taken). A node runs once every incoming edge is resolved and at least one
 * was taken; it is skipped when all are resolved and none was, and its own edges are then resolved, untaken.
 */
export function nextSteps(graph: Graph, state: WalkState): NextSteps {
  const progress = new Map(state.progress);
  const incoming = incomingEdges(graph);
  const ready: string[] = [];
  const skipped: string[] = [];
  for (let changed = true; changed; ) {
    changed = false;
    for (const { id } of graph.nodes) {
      if (progress.has(id)) continue;
      const edges = incoming.get(id) ?? [];
      let resolved = true;
      let anyTaken = edges.length === 0;
      for (const index of edges) {
        const source = progress.get(graph.edges[index]?.from ?? '');
        if (source === 'finished') anyTaken ||= state.taken(index);
        else if (source !== 'skipped') resolved = false;
      }
      if (!resolved) continue;
      if (anyTaken) {
        ready.push(id);
        progress.set(id, 'started');
      } else {
        skipped.push(id);
        progress.set(id, 'skipped');
        changed = true;
      }
    }
  }
  return { ready, skipped };
}

/** Whether the run's graph is done: every node finished or skipped. */
export function isWalkComplete(graph: Graph, progress: ReadonlyMap<string, NodeProgress>): boolean {
  return graph.nodes.every(({ id }) => {
    const state = progress.get(id);
    return state === 'finished' || state === 'skipped';
  });
}

/** The indices of each node's incoming edges. */
export function incomingEdges(graph: Graph): Map<string, number[]> {
  const incoming = new Map<string, number[]>();
  graph.edges.forEach(({ to }, index) => {
    const list = incoming.get(to);
    if (list) list.push(index);
    else incoming.set(to, [index]);
  });
  return incoming;
}

/**
 * A node's input when it has no `input` expression: an entry node gets the run's input, a node with one
 * predecessor that one's output, a node with several an object of the outputs of those that finished,
 * keyed by node id.
 */
export function defaultInput(
  graph: Graph,
  nodeId: string,
  runInput: unknown,
  outputs: ReadonlyMap<string, unknown>,
): unknown {
  const predecessors = [...new Set(graph.edges.filter(({ to }) => to === nodeId).map(({ from }) => from))];
  if (predecessors.length === 0) return runInput;
  if (predecessors.length === 1) return outputs.get(predecessors[0] as string) ?? null;
  return Object.fromEntries(predecessors.filter((id) => outputs.has(id)).map((id) => [id, outputs.get(id)]));
}

/** The run's output without an `output` expression: the outputs of the finished nodes without successors. */
export function defaultOutput(graph: Graph, outputs: ReadonlyMap<string, unknown>): Record<string, unknown> {
  const sources = new Set(graph.edges.map(({ from }) => from));
  return Object.fromEntries(
    graph.nodes
      .filter(({ id }) => !sources.has(id) && outputs.has(id))
      .map(({ id }) => [id, outputs.get(id)]),
  );
}

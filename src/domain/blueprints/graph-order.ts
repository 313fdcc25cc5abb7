import type { GraphEdge } from './graph.ts';

/**
 * The node ids in an order where every edge goes forward (Kahn's algorithm, ties kept in the nodes' order),
 * or, when the edges form a cycle, the index of one edge on it.
 */
export function topologicalOrder(
  ids: readonly string[],
  edges: readonly GraphEdge[],
): { order: string[] } | { cycleEdge: number } {
  const incoming = new Map(ids.map((id) => [id, 0]));
  const outgoing = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const { from, to } of edges) {
    incoming.set(to, (incoming.get(to) ?? 0) + 1);
    outgoing.get(from)?.push(to);
  }
  const ready = ids.filter((id) => incoming.get(id) === 0);
  const order: string[] = [];
  for (let next = ready.shift(); next !== undefined; next = ready.shift()) {
    order.push(next);
    for (const to of outgoing.get(next) ?? []) {
      const left = (incoming.get(to) ?? 0) - 1;
      incoming.set(to, left);
      if (left === 0) ready.push(to);
    }
  }
  if (order.length === ids.length) return { order };
  return { cycleEdge: edgeOnCycle(edges, new Set(order)) };
}

/**
 * An edge on a cycle among the nodes Kahn's algorithm could not order: walking backwards along unordered
 * edges from any of them must come back to a node already seen, and the edge that closes that loop is on it.
 */
function edgeOnCycle(edges: readonly GraphEdge[], ordered: ReadonlySet<string>): number {
  const remaining = edges
    .map((edge, index) => ({ edge, index }))
    .filter(({ edge }) => !ordered.has(edge.from));
  const into = new Map<string, { edge: GraphEdge; index: number }>();
  for (const entry of remaining) if (!into.has(entry.edge.to)) into.set(entry.edge.to, entry);
  const seen = new Map<string, number>();
  let node = remaining[0]?.edge.to ?? '';
  for (;;) {
    const entry = into.get(node);
    if (!entry) return remaining[0]?.index ?? 0;
    if (seen.has(node)) return seen.get(node) ?? entry.index;
    seen.set(node, entry.index);
    node = entry.edge.from;
  }
}

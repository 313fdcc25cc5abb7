import type { FieldProblem } from '../kernel/errors.ts';
import { jsonByteLength } from '../kernel/json-document.ts';
import { type ExpressionProblem, MAX_GRAPH_BYTES, MAX_NODES, NODE_ID, NODE_KINDS } from './graph.ts';
import { Check, isObject, pointer } from './graph-checks.ts';
import { topologicalOrder } from './graph-order.ts';
import { checkNodeFields } from './node-problems.ts';

/**
 * Every problem of a graph at once, each at its JSON Pointer below `base` (`/graph`): its shape, unknown
 * fields, each node's kind and the config its kind accepts, duplicate ids, edges naming unknown nodes, a
 * cycle, no entry node, expressions that do not parse, more than 500 nodes or 256 KiB. Empty when it is valid.
 */
export function graphProblems(
  graph: unknown,
  expressionProblem: ExpressionProblem,
  base = '',
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const check = new Check(problems, expressionProblem);
  if (!isObject(graph)) return [{ path: base, message: 'must be an object' }];
  if (jsonByteLength(graph) > MAX_GRAPH_BYTES) {
    check.add(base, `must be at most ${MAX_GRAPH_BYTES} bytes of JSON`);
  }
  for (const key of Object.keys(graph)) {
    if (!['nodes', 'edges', 'output'].includes(key)) {
      check.add(pointer(base, key), 'is not an allowed property');
    }
  }
  const ids = checkNodes(check, graph.nodes, pointer(base, 'nodes'));
  const edges = checkEdges(check, graph.edges, pointer(base, 'edges'), ids);
  if (graph.output !== undefined) check.expression(graph.output, pointer(base, 'output'));
  if (ids.size > 0 && edges) {
    const ordered = topologicalOrder(
      [...ids],
      edges.resolved.map(({ edge }) => edge),
    );
    if ('cycleEdge' in ordered) {
      const { index } = edges.resolved[ordered.cycleEdge] ?? { index: 0 };
      check.add(pointer(base, 'edges', String(index)), 'closes a cycle');
    }
    const targets = new Set(edges.resolved.map(({ edge }) => edge.to));
    if ([...ids].every((id) => targets.has(id))) {
      check.add(pointer(base, 'nodes'), 'has no entry node (one without incoming edges)');
    }
  }
  return problems;
}

function checkNodes(check: Check, nodes: unknown, path: string): Set<string> {
  const ids = new Set<string>();
  if (!Array.isArray(nodes)) {
    check.add(path, nodes === undefined ? 'is required' : 'must be an array');
    return ids;
  }
  if (nodes.length === 0) check.add(path, 'must hold at least one node');
  if (nodes.length > MAX_NODES) check.add(path, `must hold at most ${MAX_NODES} nodes`);
  nodes.forEach((node, index) => {
    const at = pointer(path, String(index));
    if (!isObject(node)) {
      check.add(at, 'must be an object');
      return;
    }
    const { id } = node;
    if (typeof id !== 'string' || !NODE_ID.test(id)) {
      check.add(pointer(at, 'id'), `must match ${NODE_ID.source}`);
    } else if (ids.has(id)) {
      check.add(pointer(at, 'id'), `repeats the id ${id}`);
    } else {
      ids.add(id);
    }
    checkNodeFields(check, node, at, { withId: true, kinds: NODE_KINDS });
  });
  return ids;
}

interface CheckedEdges {
  /** The edges whose ends both name nodes, with their index in `edges`. */
  readonly resolved: { edge: { from: string; to: string }; index: number }[];
}

function checkEdges(
  check: Check,
  edges: unknown,
  path: string,
  ids: ReadonlySet<string>,
): CheckedEdges | undefined {
  if (!Array.isArray(edges)) {
    check.add(path, edges === undefined ? 'is required' : 'must be an array');
    return undefined;
  }
  const resolved: CheckedEdges['resolved'] = [];
  const seen = new Set<string>();
  edges.forEach((edge, index) => {
    const at = pointer(path, String(index));
    if (!isObject(edge)) {
      check.add(at, 'must be an object');
      return;
    }
    check.onlyKeys(edge, at, ['from', 'to', 'when']);
    let known = true;
    for (const end of ['from', 'to'] as const) {
      const value = edge[end];
      if (typeof value !== 'string' || !ids.has(value)) {
        known = false;
        const message = value === undefined ? 'is required' : 'must name a node of the graph';
        check.add(pointer(at, end), message);
      }
    }
    if (edge.when !== undefined) check.expression(edge.when, pointer(at, 'when'));
    if (!known) return;
    const from = edge.from as string;
    const to = edge.to as string;
    const key = JSON.stringify([from, to]);
    if (seen.has(key)) check.add(at, `repeats the edge from ${from} to ${to}`);
    seen.add(key);
    resolved.push({ edge: { from, to }, index });
  });
  return { resolved };
}

import type { WorkspaceDocument } from './workspace-document.ts';

type ImportedBlueprint = WorkspaceDocument['blueprints'][number];
type Node = { kind?: unknown; config?: Record<string, unknown> };

/** The blueprints a graph runs (`blueprint` nodes' `config.blueprint_id`). */
export function referencedBlueprints(graph: unknown): string[] {
  return nodesOf(graph)
    .filter((node) => node.kind === 'blueprint' && typeof node.config?.blueprint_id === 'string')
    .map((node) => node.config?.blueprint_id as string);
}

/** The graph with each `blueprint` node's `blueprint_id` that `newIds` knows replaced by its new id. */
export function remappedGraph(graph: unknown, newIds: ReadonlyMap<string, string>): unknown {
  if (!isObject(graph) || !Array.isArray(graph.nodes)) return graph;
  const nodes = (graph.nodes as unknown[]).map((node) => {
    if (!isObject(node) || node.kind !== 'blueprint' || !isObject(node.config)) return node;
    const replaced = newIds.get(node.config.blueprint_id as string);
    return replaced ? { ...node, config: { ...node.config, blueprint_id: replaced } } : node;
  });
  return { ...graph, nodes };
}

/**
 * The blueprints in an order that creates each after those it runs, so that its references can be remapped
 * when it is created. In a cycle (blueprints running each other) the first left is taken as it comes: its
 * references to the blueprints made after it keep their old ids (the graph checks refuse what they must).
 */
export function creationOrder(blueprints: readonly ImportedBlueprint[]): ImportedBlueprint[] {
  const inDocument = new Set(blueprints.map((b) => b.id));
  const needs = new Map(
    blueprints.map((b) => [
      b.id,
      new Set(
        b.versions
          .flatMap((v) => referencedBlueprints(v.graph))
          .filter((id) => id !== b.id && inDocument.has(id)),
      ),
    ]),
  );
  const ordered: ImportedBlueprint[] = [];
  const made = new Set<string>();
  let left = [...blueprints];
  while (left.length > 0) {
    const ready = left.find((b) => [...(needs.get(b.id) ?? [])].every((id) => made.has(id))) ?? left[0];
    if (!ready) break;
    ordered.push(ready);
    made.add(ready.id);
    left = left.filter((b) => b !== ready);
  }
  return ordered;
}

function nodesOf(graph: unknown): Node[] {
  return isObject(graph) && Array.isArray(graph.nodes) ? (graph.nodes as unknown[]).filter(isObject) : [];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

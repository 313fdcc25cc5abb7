import { BlueprintNotFound } from '../../../domain/blueprints/blueprint.ts';
import type { Graph } from '../../../domain/blueprints/graph.ts';
import type { Run } from '../../../domain/runs/index.ts';
import type { BlueprintRepository } from '../ports/blueprint-repository.ts';

/** The graph a blueprint run carries out: its blueprint at the version it uses. */
export interface RunGraphs {
  graphOf(run: Pick<Run, 'blueprintId' | 'blueprintVersion'>): Promise<Graph>;
}

/**
 * Versions never change, so each graph is read once and kept (the newest `capacity` of them): the engine
 * asks for a run's graph at every step.
 */
export function makeRunGraphs(deps: { blueprints: BlueprintRepository }, capacity = 256): RunGraphs {
  const graphs = new Map<string, Graph>();
  return {
    graphOf: async ({ blueprintId, blueprintVersion }) => {
      if (blueprintId === null || blueprintVersion === null) throw new BlueprintNotFound('blueprint version');
      const key = `${blueprintId}/${blueprintVersion}`;
      const known = graphs.get(key);
      if (known) return known;
      const version = await deps.blueprints.findVersion(blueprintId, blueprintVersion);
      if (!version) throw new BlueprintNotFound('blueprint version');
      if (graphs.size >= capacity) graphs.delete(graphs.keys().next().value as string);
      graphs.set(key, version.graph);
      return version.graph;
    },
  };
}

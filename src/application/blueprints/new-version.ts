import type { BlueprintVersion } from '../../domain/blueprints/blueprint-version.ts';
import { versionNote } from '../../domain/blueprints/blueprint-version.ts';
import type { Graph } from '../../domain/blueprints/graph.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { GraphDigest } from './ports/graph-digest.ts';

/** Version `version` of a blueprint: the (checked) graph, its digest, who made it and when. */
export function newVersion(
  deps: { ids: IdGenerator; graphDigest: GraphDigest },
  principal: Principal,
  fields: { blueprintId: string; version: number; graph: Graph; note?: string | null | undefined; now: Date },
): BlueprintVersion {
  return {
    id: deps.ids.newId(),
    blueprintId: fields.blueprintId,
    version: fields.version,
    graph: fields.graph,
    digest: deps.graphDigest.digestOf(fields.graph),
    note: versionNote(fields.note),
    createdBy: principal.kind === 'user' ? principal.userId : null,
    createdAt: fields.now,
  };
}

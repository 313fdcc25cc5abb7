import { Blueprint } from '../../../domain/blueprints/blueprint.ts';
import type { BlueprintVersion } from '../../../domain/blueprints/blueprint-version.ts';
import type { Graph } from '../../../domain/blueprints/graph.ts';

// A blueprint as a `blueprints` row, a version as a `blueprint_versions` row.

export interface BlueprintRow {
  id: string;
  workspace_id: string;
  name: string;
  description: string | null;
  latest_version: number;
  created_at: string | Date;
  updated_at: string | Date;
}

export const BLUEPRINT_COLUMNS =
  'id, workspace_id, name, description, latest_version, created_at, updated_at';

export function toBlueprint(row: BlueprintRow): Blueprint {
  return new Blueprint({
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    description: row.description,
    latestVersion: row.latest_version,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });
}

export function blueprintValues(blueprint: Blueprint): unknown[] {
  return [
    blueprint.id,
    blueprint.workspaceId,
    blueprint.name,
    blueprint.description,
    blueprint.latestVersion,
    blueprint.createdAt,
    blueprint.updatedAt,
  ];
}

export interface VersionRow {
  id: string;
  blueprint_id: string;
  version: number;
  graph: Graph;
  digest: string;
  note: string | null;
  created_by: string | null;
  created_at: string | Date;
}

export const VERSION_COLUMNS = 'id, blueprint_id, version, graph, digest, note, created_by, created_at';

export function toVersion(row: VersionRow): BlueprintVersion {
  return {
    id: row.id,
    blueprintId: row.blueprint_id,
    version: row.version,
    graph: row.graph,
    digest: row.digest,
    note: row.note,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at),
  };
}

export function versionValues(version: BlueprintVersion): unknown[] {
  return [
    version.id,
    version.blueprintId,
    version.version,
    JSON.stringify(version.graph),
    version.digest,
    version.note,
    version.createdBy,
    version.createdAt,
  ];
}

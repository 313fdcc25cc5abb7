import type { Blueprint } from '../../../domain/blueprints/blueprint.ts';
import type { BlueprintVersion } from '../../../domain/blueprints/blueprint-version.ts';

export function presentBlueprint(blueprint: Blueprint) {
  return {
    id: blueprint.id,
    workspace_id: blueprint.workspaceId,
    name: blueprint.name,
    description: blueprint.description,
    latest_version: blueprint.latestVersion,
    created_at: blueprint.createdAt.toISOString(),
    updated_at: blueprint.updatedAt.toISOString(),
  };
}

export function presentVersion(version: BlueprintVersion) {
  return {
    blueprint_id: version.blueprintId,
    version: version.version,
    graph: version.graph,
    digest: version.digest,
    note: version.note,
    created_by: version.createdBy,
    created_at: version.createdAt.toISOString(),
  };
}

export const blueprintUrl = (blueprint: Pick<Blueprint, 'id'>) => `/api/blueprints/${blueprint.id}`;

export const versionUrl = (version: Pick<BlueprintVersion, 'blueprintId' | 'version'>) =>
  `/api/blueprints/${version.blueprintId}/versions/${version.version}`;

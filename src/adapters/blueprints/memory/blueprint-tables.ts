import { Blueprint } from '../../../domain/blueprints/blueprint.ts';
import type { BlueprintVersion } from '../../../domain/blueprints/blueprint-version.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { workspaceTables } from '../../workspaces/index.ts';

/** The blueprints area's in-memory tables; a blueprint goes with its workspace, its versions with it. */
export const blueprintTables = inMemoryTables((store) => {
  const blueprints = store.byId((b: Blueprint) => new Blueprint(b));
  blueprints.cascadeFrom(workspaceTables(store).workspaces, (b) => b.workspaceId);
  const versions = store.table(
    (v: BlueprintVersion) => `${v.blueprintId}/${v.version}`,
    (v) => v,
  );
  versions.cascadeFrom(blueprints, (v) => v.blueprintId);
  return { blueprints, versions };
});

import { ExportJob } from '../../../domain/exports/export-job.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { workspaceTables } from '../../workspaces/index.ts';

/** The exports area's in-memory table; exports go with their workspace. */
export const exportTables = inMemoryTables((store) => {
  const exports = store.byId((job: ExportJob) => new ExportJob(job));
  exports.cascadeFrom(workspaceTables(store).workspaces, (job) => job.workspaceId);
  return { exports };
});

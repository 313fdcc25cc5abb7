import { type ExportJob, ExportNotFound } from '../../domain/exports/export-job.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { ExportRepository } from './ports/export-repository.ts';

export type GetExport = (principal: Principal, exportId: string) => Promise<ExportJob>;

/** Admins and owners follow their workspace's exports; another workspace's export is NotFound. */
export function makeGetExport(deps: {
  exports: ExportRepository;
  workspaceAccess: WorkspaceAccess;
}): GetExport {
  return async (principal, exportId) => {
    const job = await deps.exports.findById(exportId);
    if (!job) throw new ExportNotFound();
    await deps.workspaceAccess(principal, job.workspaceId, 'admin', 'export');
    return job;
  };
}

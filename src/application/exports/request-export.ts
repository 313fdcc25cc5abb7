import {
  type ExportFilter,
  type ExportFormat,
  ExportJob,
  type ExportKind,
} from '../../domain/exports/export-job.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { ExportRepository } from './ports/export-repository.ts';
import type { ExportSignal } from './ports/export-signal.ts';

export interface ExportRequest {
  readonly kind: ExportKind;
  readonly format?: ExportFormat | undefined;
  readonly filter?: ExportFilter | undefined;
}

export type RequestExport = (
  principal: Principal,
  workspaceId: string,
  request: ExportRequest,
) => Promise<ExportJob>;

/** Admins and owners queue an export of their workspace; any instance's runner makes its file. */
export function makeRequestExport(deps: {
  exports: ExportRepository;
  exportSignal: ExportSignal;
  workspaceAccess: WorkspaceAccess;
  clock: Clock;
  ids: IdGenerator;
}): RequestExport {
  return async (principal, workspaceId, request) => {
    await deps.workspaceAccess(principal, workspaceId, 'admin');
    const job = ExportJob.queue({
      id: deps.ids.newId(),
      workspaceId,
      kind: request.kind,
      format: request.format,
      filter: request.filter,
      requestedBy: principal.kind === 'user' ? principal.userId : null,
      now: deps.clock.now(),
    });
    await deps.exports.add(job);
    deps.exportSignal.queued();
    return job;
  };
}

import { EXPORT_LEASE_SECONDS } from '../../domain/exports/export-job.ts';
import { DomainError } from '../../domain/kernel/errors.ts';
import type { AuditEvents } from '../audit/index.ts';
import type { FileRepository, FileStorage, StoreFile } from '../files/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { RunRepository } from '../runs/index.ts';
import { exportContent } from './export-content.ts';
import type { ExportCodec } from './ports/export-codec.ts';
import type { ExportRepository } from './ports/export-repository.ts';
import type { WorkspaceSnapshotDeps } from './workspace-snapshot.ts';

/** Takes the oldest waiting export and makes its file; false when none was waiting. */
export type RunNextExport = () => Promise<boolean>;

export interface RunNextExportDeps extends WorkspaceSnapshotDeps {
  readonly exports: ExportRepository;
  readonly exportCodec: ExportCodec;
  readonly storeFile: StoreFile;
  readonly files: FileRepository;
  readonly fileStorage: FileStorage;
  readonly runs: RunRepository;
  readonly auditEvents: AuditEvents;
  readonly clock: Clock;
}

/** The attempt lost its export: its lease ran out and another instance took it. */
class ExportTakenOver extends Error {}

/**
 * Streams the export's records from a keyset cursor into a new file of its workspace, one page in memory at a
 * time, renewing the lease as it goes (a third of the lease at most between renewals). An attempt that finds
 * its lease taken over stops and removes what it wrote; a domain failure (the workspace's storage quota) fails
 * the export with its message, any other failure with a generic one and is thrown again to be logged.
 */
export function makeRunNextExport(deps: RunNextExportDeps): RunNextExport {
  const leaseMs = EXPORT_LEASE_SECONDS * 1000;
  const leaseFrom = (now: Date) => new Date(now.getTime() + leaseMs);
  return async () => {
    const now = deps.clock.now();
    const job = await deps.exports.takeNext(now, (taken) => taken.take(now, leaseFrom(now)));
    if (!job) return false;
    if (job.status !== 'running') return true;
    let renewedAt = now.getTime();
    const keepLease = async () => {
      const at = deps.clock.now();
      if (at.getTime() - renewedAt < leaseMs / 3) return;
      if (!(await deps.exports.renewLease(job, leaseFrom(at)))) throw new ExportTakenOver();
      renewedAt = at.getTime();
    };
    try {
      const content = exportContent(deps, job, keepLease);
      const file = await deps.storeFile({
        workspaceId: job.workspaceId,
        name: content.fileName,
        contentType: content.contentType,
        createdBy: job.requestedBy,
        bytes: content.bytes,
      });
      job.succeed(file.id, content.rows(), deps.clock.now());
      if (!(await deps.exports.finish(job))) await discard(deps, file.id);
    } catch (error) {
      if (error instanceof ExportTakenOver) return true;
      const known = error instanceof DomainError;
      job.fail(known ? error.message : 'the export failed; ask for it again', deps.clock.now());
      await deps.exports.finish(job);
      if (!known) throw error;
    }
    return true;
  };
}

async function discard(deps: RunNextExportDeps, fileId: string): Promise<void> {
  await deps.files.delete(fileId);
  await deps.fileStorage.delete(fileId);
}

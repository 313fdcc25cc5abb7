import type { ExportJob } from '../../domain/exports/export-job.ts';
import type { AuditEvents } from '../audit/index.ts';
import type { RunRepository } from '../runs/index.ts';
import { auditEventsOf, EXPORT_PAGE_SIZE, runsOf } from './export-records.ts';
import type { ExportCodec, RecordFormat } from './ports/export-codec.ts';
import { type WorkspaceSnapshotDeps, workspaceSnapshot } from './workspace-snapshot.ts';

export interface ExportContent {
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: AsyncIterable<Uint8Array>;
  /** The records written so far (all of them once `bytes` ended). */
  rows(): number;
}

const CONTENT_TYPES = { ndjson: 'application/x-ndjson', csv: 'text/csv', json: 'application/json' } as const;

/**
 * The bytes of an export, made while they are read: `keepLease` is awaited every page of records (it throws
 * to stop the export). The rows of a workspace export are its missions, blueprints, triggers and schedules.
 */
export function exportContent(
  deps: WorkspaceSnapshotDeps & { exportCodec: ExportCodec; runs: RunRepository; auditEvents: AuditEvents },
  job: ExportJob,
  keepLease: () => Promise<void>,
): ExportContent {
  let rows = 0;
  async function* counted<T>(records: AsyncIterable<T>): AsyncIterable<T> {
    for await (const record of records) {
      if (rows % EXPORT_PAGE_SIZE === 0) await keepLease();
      rows += 1;
      yield record;
    }
  }
  const format = job.format as RecordFormat;
  const bytes =
    job.kind === 'runs'
      ? deps.exportCodec.runs(format, counted(runsOf(deps.runs, job.workspaceId, job.filter)))
      : job.kind === 'audit_events'
        ? deps.exportCodec.auditEvents(
            format,
            counted(auditEventsOf(deps.auditEvents, job.workspaceId, job.filter)),
          )
        : deps.exportCodec.workspace(workspaceSnapshot(deps, job.workspaceId, job.createdAt, counted));
  const stamp = job.createdAt
    .toISOString()
    .replaceAll(':', '-')
    .replace(/\.\d+Z$/, 'Z');
  return {
    fileName: `${job.kind.replace('_', '-')}-${stamp}.${job.format}`,
    contentType: CONTENT_TYPES[job.format],
    bytes,
    rows: () => rows,
  };
}

import type { ExportJob } from '../../domain/exports/export-job.ts';
import type { AuditEvents } from '../audit/index.ts';
import type { RunRepository } from '../runs/index.ts';
import { auditEventsOf, EXPORT_PAGE_SIZE, runsOf } from './export-records.ts';
import type { ExportEncoder, RecordFormat } from './ports/export-encoder.ts';

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
 * to stop the export).
 */
export function exportContent(
  deps: { exportEncoder: ExportEncoder; runs: RunRepository; auditEvents: AuditEvents },
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
      ? deps.exportEncoder.runs(format, counted(runsOf(deps.runs, job.workspaceId, job.filter)))
      : deps.exportEncoder.auditEvents(
          format,
          counted(auditEventsOf(deps.auditEvents, job.workspaceId, job.filter)),
        );
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

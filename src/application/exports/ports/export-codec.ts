import type { Run } from '../../../domain/runs/index.ts';
import type { StoredAuditEvent } from '../../audit/index.ts';
import type { WorkspaceDocument, WorkspaceSnapshot } from '../workspace-document.ts';

export type RecordFormat = 'ndjson' | 'csv';

/**
 * Writes exports' bytes as their records come, in constant memory, as the API presents them, and reads a
 * workspace export back for an import.
 */
export interface ExportCodec {
  /** One JSON object a line (NDJSON), or CSV with a header row. */
  runs(format: RecordFormat, runs: AsyncIterable<Run>): AsyncIterable<Uint8Array>;
  auditEvents(format: RecordFormat, events: AsyncIterable<StoredAuditEvent>): AsyncIterable<Uint8Array>;
  /** One JSON document; no secret of any trigger. */
  workspace(snapshot: WorkspaceSnapshot): AsyncIterable<Uint8Array>;
  /** A workspace export's text read back; InvalidInput (saying what is wrong) when it is not one. */
  readWorkspace(text: string): WorkspaceDocument;
}

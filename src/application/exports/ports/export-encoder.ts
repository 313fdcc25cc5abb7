import type { Run } from '../../../domain/runs/index.ts';
import type { StoredAuditEvent } from '../../audit/index.ts';

export type RecordFormat = 'ndjson' | 'csv';

/**
 * Turns records into an export's bytes as they come, in constant memory: one JSON object a line (NDJSON), or
 * CSV with a header row. Records look as the API presents them.
 */
export interface ExportEncoder {
  runs(format: RecordFormat, runs: AsyncIterable<Run>): AsyncIterable<Uint8Array>;
  auditEvents(format: RecordFormat, events: AsyncIterable<StoredAuditEvent>): AsyncIterable<Uint8Array>;
}

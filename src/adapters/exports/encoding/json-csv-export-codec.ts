import type { StoredAuditEvent } from '../../../application/audit/index.ts';
import type { ExportCodec, RecordFormat } from '../../../application/exports/ports/export-codec.ts';
import type { Run } from '../../../domain/runs/index.ts';
import { presentAuditEvent } from '../../audit/index.ts';
import { presentRun } from '../../runs/index.ts';
import { readWorkspaceJson } from './read-workspace-json.ts';
import { type CsvColumn, csvRows, ndjsonLines } from './record-encoding.ts';
import { workspaceJson } from './workspace-json.ts';

type PresentedRun = ReturnType<typeof presentRun>;
type PresentedAuditEvent = ReturnType<typeof presentAuditEvent>;

/** A run's CSV row: the API's fields, the trigger's flattened, the error, input and output as JSON. */
const RUN_COLUMNS: readonly CsvColumn<PresentedRun>[] = [
  ['id', (r) => r.id],
  ['mission_id', (r) => r.mission_id],
  ['workspace_id', (r) => r.workspace_id],
  ['status', (r) => r.status],
  ['trigger_type', (r) => r.trigger.type],
  ['trigger_id', (r) => r.trigger.trigger_id],
  ['delivery_id', (r) => r.trigger.delivery_id],
  ['schedule_id', (r) => r.trigger.schedule_id],
  ['fire_time', (r) => r.trigger.fire_time],
  ['attempt', (r) => r.attempt],
  ['error', (r) => r.error],
  ['input', (r) => r.input],
  ['output', (r) => r.output],
  ['not_before', (r) => r.not_before],
  ['created_at', (r) => r.created_at],
  ['started_at', (r) => r.started_at],
  ['finished_at', (r) => r.finished_at],
];

/** An audit event's CSV row: actor, target and context flattened, the details as JSON. */
const AUDIT_EVENT_COLUMNS: readonly CsvColumn<PresentedAuditEvent>[] = [
  ['id', (e) => e.id],
  ['action', (e) => e.action],
  ['occurred_at', (e) => e.occurred_at],
  ['actor_type', (e) => e.actor.type],
  ['actor_id', (e) => e.actor.id],
  ['target_type', (e) => e.target?.type],
  ['target_id', (e) => e.target?.id],
  ['workspace_id', (e) => e.workspace_id],
  ['ip', (e) => e.context.ip],
  ['session_id', (e) => e.context.session_id],
  ['details', (e) => e.details],
];

/**
 * NDJSON and CSV (csv-stringify) exports of runs and audit events, and the JSON document of a workspace, as
 * the API presents them (`publicUrl`: the triggers' webhook URLs).
 */
export const jsonCsvExportCodec = (publicUrl: string): ExportCodec => ({
  runs: (format: RecordFormat, runs: AsyncIterable<Run>) =>
    format === 'csv' ? csvRows(runs, presentRun, RUN_COLUMNS) : ndjsonLines(runs, presentRun),
  auditEvents: (format: RecordFormat, events: AsyncIterable<StoredAuditEvent>) =>
    format === 'csv'
      ? csvRows(events, presentAuditEvent, AUDIT_EVENT_COLUMNS)
      : ndjsonLines(events, presentAuditEvent),
  workspace: (snapshot) => workspaceJson(snapshot, publicUrl),
  readWorkspace: readWorkspaceJson,
});

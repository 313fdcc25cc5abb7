// What later areas use of the audit area's application: they import it from here only (`make layers`).
export { changedFields } from './changed-fields.ts';
export type { AuditEvents, AuditFilter, StoredAuditEvent } from './ports/audit-events.ts';
export {
  ACCOUNT_AUDIT_ACTIONS,
  AUDIT_ACTIONS,
  type AuditEvent,
  type AuditEventType,
  type AuditLog,
  type AuditTarget,
  WORKSPACE_AUDIT_ACTIONS,
} from './ports/audit-log.ts';
export {
  type CreatorKeyDeps,
  type CreatorKeyReason,
  revokeCreatorKeys,
} from './revoke-creator-keys.ts';
export { sessionEvent } from './session-event.ts';
export { workspaceEvent } from './workspace-event.ts';

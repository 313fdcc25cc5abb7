// What later areas use of the audit area's application: they import it from here only (`make layers`).
export type { AuditLog } from './ports/audit-log.ts';
export {
  type CreatorKeyDeps,
  type CreatorKeyReason,
  revokeCreatorKeys,
} from './revoke-creator-keys.ts';
export { sessionEvent } from './session-event.ts';

// What later areas use of the audit area's adapters: they import it from here only (`make layers`).
export { auditEventQuery, auditEvents, auditFilterOf, presentAuditEvent } from './http/audit-event-http.ts';

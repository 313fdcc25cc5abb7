import type { AuditEvent, AuditEventType } from './ports/audit-log.ts';

/** The audit event of `type` about one login or browser session of a user, asked from `ip`. */
export function sessionEvent(
  type: AuditEventType,
  { userId, sessionId }: { readonly userId: string; readonly sessionId: string },
  ip: string,
  details?: AuditEvent['details'],
): AuditEvent {
  return { type, userId, sessionId, ip, ...(details && { details }) };
}

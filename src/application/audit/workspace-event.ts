import type { Principal } from '../../domain/kernel/principal.ts';
import type { AuditEvent, AuditEventType, AuditTarget } from './ports/audit-log.ts';

/** An event of `workspaceId` done by `principal` (a person in a login session, or an API key) to `target`. */
export function workspaceEvent(
  principal: Principal,
  type: AuditEventType,
  workspaceId: string,
  target: AuditTarget,
  details: AuditEvent['details'] = {},
): AuditEvent {
  const actor =
    principal.kind === 'user'
      ? { userId: principal.userId, sessionId: principal.sessionId }
      : { apiKeyId: principal.apiKeyId };
  return { type, ...actor, workspaceId, target, details };
}

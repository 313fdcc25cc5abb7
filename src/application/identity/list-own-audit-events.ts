import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import type { AuditEvents, AuditFilter, StoredAuditEvent } from '../audit/index.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';

export type ListOwnAuditEvents = (
  principal: Principal,
  filter: AuditFilter,
  page: PageRequest,
) => Promise<Page<StoredAuditEvent>>;

/** A person's own audit events (logins, sessions, password changes, what they did), newest first; not a key's. */
export function makeListOwnAuditEvents(deps: { auditEvents: AuditEvents }): ListOwnAuditEvents {
  return async (principal, filter, page) =>
    deps.auditEvents.listForUser(personOf(principal).userId, filter, page);
}

import type { Principal } from '../../domain/kernel/principal.ts';
import type { AuditEvents, AuditFilter, StoredAuditEvent } from '../audit/index.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

export type ListWorkspaceAuditEvents = (
  principal: Principal,
  workspaceId: string,
  filter: AuditFilter,
  page: PageRequest,
) => Promise<Page<StoredAuditEvent>>;

/** A workspace's audit log, newest first: for its owners and admins (an admin key too). */
export function makeListWorkspaceAuditEvents(deps: {
  auditEvents: AuditEvents;
  workspaceAccess: WorkspaceAccess;
}): ListWorkspaceAuditEvents {
  return async (principal, workspaceId, filter, page) => {
    await deps.workspaceAccess(principal, workspaceId, 'admin');
    return deps.auditEvents.listForWorkspace(workspaceId, filter, page);
  };
}

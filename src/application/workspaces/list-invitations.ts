import type { Principal } from '../../domain/kernel/principal.ts';
import type { Invitation } from '../../domain/workspaces/invitation.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { InvitationRepository } from './ports/invitation-repository.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

export type ListInvitations = (
  principal: Principal,
  workspaceId: string,
  page: PageRequest,
) => Promise<Page<Invitation>>;

/** Owners see their workspace's open invitations, oldest first. */
export function makeListInvitations(deps: {
  invitations: InvitationRepository;
  workspaceAccess: WorkspaceAccess;
  clock: Clock;
}): ListInvitations {
  return async (principal, workspaceId, page) => {
    await deps.workspaceAccess(principal, workspaceId, 'owner');
    return deps.invitations.pageOpenForWorkspace(workspaceId, deps.clock.now(), page);
  };
}

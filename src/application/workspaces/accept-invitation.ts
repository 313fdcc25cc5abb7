import { NotFound } from '../../domain/kernel/errors.ts';
import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import { Membership } from '../../domain/workspaces/workspace.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { type InvitationForDeps, openInvitationFor } from './open-invitation-for.ts';
import type { WorkspaceMembershipView, WorkspaceRepository } from './ports/workspace-repository.ts';

export type AcceptInvitation = (
  principal: Principal,
  invitationId: string,
) => Promise<WorkspaceMembershipView>;

/**
 * The invitee joins the workspace with the role offered. The invitation closes and the membership is added in
 * one transaction: a member already (409) keeps the invitation open, to decline.
 */
export function makeAcceptInvitation(
  deps: InvitationForDeps & { workspaces: WorkspaceRepository; unitOfWork: UnitOfWork; auditLog: AuditLog },
): AcceptInvitation {
  return async (principal, invitationId) => {
    const invitation = await openInvitationFor(deps, principal, invitationId);
    const now = deps.clock.now();
    const { workspaceId, role } = invitation;
    await deps.unitOfWork.transaction(async () => {
      if (!(await deps.invitations.decide(invitationId, 'accepted', now))) throw new NotFound('invitation');
      await deps.workspaces.addMember(
        new Membership({ workspaceId, userId: personOf(principal).userId, role, createdAt: now }),
      );
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'member_joined',
          workspaceId,
          { type: 'invitation', id: invitationId },
          { role },
        ),
      );
    });
    const workspace = await deps.workspaces.findById(workspaceId);
    if (!workspace) throw new NotFound('workspace');
    return { workspace, role };
  };
}

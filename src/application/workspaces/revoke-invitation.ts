import { NotFound } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { InvitationRepository } from './ports/invitation-repository.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

export type RevokeInvitation = (
  principal: Principal,
  workspaceId: string,
  invitationId: string,
) => Promise<void>;

/** Owners withdraw an open invitation of their workspace; a closed or another workspace's one is NotFound. */
export function makeRevokeInvitation(deps: {
  invitations: InvitationRepository;
  workspaceAccess: WorkspaceAccess;
  clock: Clock;
  unitOfWork: UnitOfWork;
  auditLog: AuditLog;
}): RevokeInvitation {
  return async (principal, workspaceId, invitationId) => {
    await deps.workspaceAccess(principal, workspaceId, 'owner');
    const now = deps.clock.now();
    const invitation = await deps.invitations.findById(invitationId);
    const open = invitation?.workspaceId === workspaceId && invitation.isOpen(now);
    await deps.unitOfWork.transaction(async () => {
      if (!open || !(await deps.invitations.decide(invitationId, 'revoked', now))) {
        throw new NotFound('invitation');
      }
      await deps.auditLog.record(
        workspaceEvent(principal, 'invitation_revoked', workspaceId, {
          type: 'invitation',
          id: invitationId,
        }),
      );
    });
  };
}

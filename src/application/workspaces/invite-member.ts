import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import type { Role } from '../../domain/kernel/roles.ts';
import {
  Invitation,
  MAX_OPEN_INVITATIONS,
  TooManyOpenInvitations,
} from '../../domain/workspaces/invitation.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { InvitationRepository } from './ports/invitation-repository.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

export type InviteMember = (
  principal: Principal,
  workspaceId: string,
  input: { usernameOrEmail: string; role: Role },
) => Promise<Invitation>;

/**
 * Owners invite someone, by username or e-mail, to join with a role. The name is stored as typed and never
 * looked up here, so the answer and the work are the same whether or not an account has it: inviting cannot
 * test which addresses have accounts. Only the holder of that name sees the invitation, and joins by
 * accepting it. Inviting the same name again replaces the pending invitation.
 */
export function makeInviteMember(deps: {
  invitations: InvitationRepository;
  workspaceAccess: WorkspaceAccess;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  auditLog: AuditLog;
}): InviteMember {
  return async (principal, workspaceId, { usernameOrEmail, role }) => {
    await deps.workspaceAccess(principal, workspaceId, 'owner');
    const now = deps.clock.now();
    const invitation = Invitation.issue(
      {
        id: deps.ids.newId(),
        workspaceId,
        invitee: usernameOrEmail,
        role,
        invitedBy: personOf(principal).userId,
      },
      now,
    );
    await deps.unitOfWork.transaction(async () => {
      await deps.invitations.revokePendingTo(workspaceId, invitation.invitee, now);
      if ((await deps.invitations.countOpen(workspaceId, now)) >= MAX_OPEN_INVITATIONS) {
        throw new TooManyOpenInvitations();
      }
      await deps.invitations.add(invitation);
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'invitation_created',
          workspaceId,
          { type: 'invitation', id: invitation.id },
          { role },
        ),
      );
    });
    return invitation;
  };
}

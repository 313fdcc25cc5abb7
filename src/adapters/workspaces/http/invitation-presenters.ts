import type { ReceivedInvitation } from '../../../application/workspaces/ports/invitation-repository.ts';
import type { Invitation } from '../../../domain/workspaces/invitation.ts';

export function presentInvitation(invitation: Invitation) {
  return {
    id: invitation.id,
    workspace_id: invitation.workspaceId,
    invitee: invitation.invitee,
    role: invitation.role,
    status: invitation.status,
    invited_by: invitation.invitedBy,
    created_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
  };
}

export function presentReceivedInvitation({ invitation, workspaceName, invitedByName }: ReceivedInvitation) {
  return {
    id: invitation.id,
    workspace: { id: invitation.workspaceId, name: workspaceName },
    role: invitation.role,
    invited_by_name: invitedByName,
    created_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
  };
}

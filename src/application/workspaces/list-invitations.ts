import type { Invitation } from '../../domain/workspaces/invitation.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { InvitationRepository } from './ports/invitation-repository.ts';
import { type WorkspaceList, workspaceList } from './workspace-list.ts';

export type ListInvitations = WorkspaceList<Invitation>;

/** Owners see their workspace's open invitations, oldest first. */
export const makeListInvitations = workspaceList(
  'owner',
  (deps: { invitations: InvitationRepository; clock: Clock }, workspaceId, page) =>
    deps.invitations.pageOpenForWorkspace(workspaceId, deps.clock.now(), page),
);

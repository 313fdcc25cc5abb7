import type { WorkspaceRetention } from '../../../domain/kernel/retention.ts';
import { Invitation } from '../../../domain/workspaces/invitation.ts';
import { Membership, Workspace } from '../../../domain/workspaces/workspace.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';

export const membershipKey = (workspaceId: string, userId: string) => `${workspaceId}/${userId}`;

/** The workspaces area's in-memory tables; memberships and invitations go with their workspace. */
export const workspaceTables = inMemoryTables((store) => {
  const workspaces = store.byId((w: Workspace) => new Workspace(w));
  const memberships = store.table(
    (m: Membership) => membershipKey(m.workspaceId, m.userId),
    (m) => new Membership(m),
  );
  memberships.cascadeFrom(workspaces, (m) => m.workspaceId);
  const invitations = store.byId((i: Invitation) => new Invitation(i));
  invitations.cascadeFrom(workspaces, (i) => i.workspaceId);
  const retention = store.table(
    (row: WorkspaceRetention & { readonly workspaceId: string }) => row.workspaceId,
    (row) => row,
  );
  retention.cascadeFrom(workspaces, (row) => row.workspaceId);
  return { workspaces, memberships, invitations, retention };
});

import { Forbidden, NotFound } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { hasRole } from '../../domain/kernel/roles.ts';
import { assertKeepsAnOwner } from '../../domain/workspaces/member-rules.ts';
import { type AuditLog, type CreatorKeyDeps, revokeCreatorKeys, workspaceEvent } from '../audit/index.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { WorkspaceRepository } from './ports/workspace-repository.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

export type RemoveMember = (principal: Principal, workspaceId: string, userId: string) => Promise<void>;

/** Owners remove members; any member may leave. The last owner can do neither (409). Their keys there go. */
export function makeRemoveMember(
  deps: {
    workspaces: WorkspaceRepository;
    workspaceAccess: WorkspaceAccess;
    unitOfWork: UnitOfWork;
    auditLog: AuditLog;
  } & CreatorKeyDeps,
): RemoveMember {
  return async (principal, workspaceId, userId) => {
    await deps.unitOfWork.transaction(async () => {
      const members = await deps.workspaces.membersForChange(workspaceId);
      const role = await deps.workspaceAccess(principal, workspaceId, 'member');
      const leaving = principal.kind === 'user' && principal.userId === userId;
      if (!leaving && !hasRole(role, 'owner')) {
        throw new Forbidden('only owners remove other members');
      }
      if (!members.some((m) => m.userId === userId)) throw new NotFound('member');
      assertKeepsAnOwner(members, { userId, role: null });
      await deps.workspaces.removeMember(workspaceId, userId);
      await revokeCreatorKeys(deps, userId, { workspaceId }, 'creator_removed');
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'member_removed',
          workspaceId,
          { type: 'member', id: userId },
          { left: leaving },
        ),
      );
    });
  };
}

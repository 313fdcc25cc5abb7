import { NotFound } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Role } from '../../domain/kernel/roles.ts';
import { assertKeepsAnOwner } from '../../domain/workspaces/member-rules.ts';
import { type AuditLog, type CreatorKeyDeps, revokeCreatorKeys, workspaceEvent } from '../audit/index.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { MemberView, WorkspaceRepository } from './ports/workspace-repository.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

export type ChangeMemberRole = (
  principal: Principal,
  workspaceId: string,
  userId: string,
  role: Role,
) => Promise<MemberView>;

/** Owners change roles; the last owner cannot step down (409). */
export function makeChangeMemberRole(
  deps: {
    workspaces: WorkspaceRepository;
    workspaceAccess: WorkspaceAccess;
    unitOfWork: UnitOfWork;
    auditLog: AuditLog;
  } & CreatorKeyDeps,
): ChangeMemberRole {
  return async (principal, workspaceId, userId, role) => {
    await deps.unitOfWork.transaction(async () => {
      const members = await deps.workspaces.membersForChange(workspaceId);
      await deps.workspaceAccess(principal, workspaceId, 'owner');
      if (!members.some((m) => m.userId === userId)) throw new NotFound('member');
      assertKeepsAnOwner(members, { userId, role });
      await deps.workspaces.setRole(workspaceId, userId, role);
      // A member holds no admin key: demoted to member, the admin keys they made there are revoked.
      if (role === 'member') {
        await revokeCreatorKeys(deps, userId, { workspaceId, adminKeysOnly: true }, 'creator_demoted');
      }
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'member_role_changed',
          workspaceId,
          { type: 'member', id: userId },
          { role },
        ),
      );
    });
    const member = await deps.workspaces.findMember(workspaceId, userId);
    if (!member) throw new NotFound('member');
    return member;
  };
}

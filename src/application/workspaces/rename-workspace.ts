import { NotFound } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { WorkspaceMembershipView, WorkspaceRepository } from './ports/workspace-repository.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

export type RenameWorkspace = (
  principal: Principal,
  workspaceId: string,
  changes: { name: string },
) => Promise<WorkspaceMembershipView>;

/** Owners rename their workspace. */
export function makeRenameWorkspace(deps: {
  workspaces: WorkspaceRepository;
  workspaceAccess: WorkspaceAccess;
  unitOfWork: UnitOfWork;
  auditLog: AuditLog;
}): RenameWorkspace {
  return async (principal, workspaceId, { name }) => {
    const role = await deps.workspaceAccess(principal, workspaceId, 'owner');
    const workspace = await deps.workspaces.findById(workspaceId);
    if (!workspace) throw new NotFound('workspace');
    workspace.rename(name);
    await deps.unitOfWork.transaction(async () => {
      await deps.workspaces.update(workspace);
      await deps.auditLog.record(
        workspaceEvent(principal, 'workspace_renamed', workspaceId, { type: 'workspace', id: workspaceId }),
      );
    });
    return { workspace, role };
  };
}

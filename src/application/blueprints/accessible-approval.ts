import { type Approval, ApprovalNotFound } from '../../domain/blueprints/approval.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Role } from '../../domain/kernel/roles.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { ApprovalRepository } from './ports/approval-repository.ts';

export interface ApprovalAccessDeps {
  readonly approvals: ApprovalRepository;
  readonly workspaceAccess: WorkspaceAccess;
}

/** The approval when the caller holds `minimum` in its workspace; another workspace's approval is NotFound. */
export async function accessibleApproval(
  deps: ApprovalAccessDeps,
  principal: Principal,
  approvalId: string,
  minimum: Role,
): Promise<Approval> {
  const approval = await deps.approvals.findById(approvalId);
  if (!approval) throw new ApprovalNotFound();
  await deps.workspaceAccess(principal, approval.workspaceId, minimum, 'approval');
  return approval;
}

import type { Approval } from '../../domain/blueprints/approval.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { type ApprovalAccessDeps, accessibleApproval } from './accessible-approval.ts';

export type GetApproval = (principal: Principal, approvalId: string) => Promise<Approval>;

/** An approval, for any member of its workspace. */
export function makeGetApproval(deps: ApprovalAccessDeps): GetApproval {
  return (principal, approvalId) => accessibleApproval(deps, principal, approvalId, 'member');
}

import type { Approval, ApprovalStatus } from '../../domain/blueprints/approval.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { ApprovalRepository } from './ports/approval-repository.ts';

export type ListApprovals = (
  principal: Principal,
  filter: { readonly workspaceId: string; readonly status?: ApprovalStatus | undefined },
  page: PageRequest,
) => Promise<Page<Approval>>;

/** The workspace's approvals (of one status, when given), newest first, for any member. */
export function makeListApprovals(deps: {
  approvals: ApprovalRepository;
  workspaceAccess: WorkspaceAccess;
}): ListApprovals {
  return async (principal, filter, page) => {
    await deps.workspaceAccess(principal, filter.workspaceId, 'member');
    return deps.approvals.list(filter, page);
  };
}

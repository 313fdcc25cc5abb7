import { assertWithinQuota, type Quotas } from '../../domain/kernel/quotas.ts';
import type { UnitOfWork } from './ports/unit-of-work.ts';
import type { Usage, WorkspaceResource } from './ports/usage.ts';

export interface QuotaDeps {
  readonly usage: Usage;
  readonly quotas: Quotas;
  readonly unitOfWork: UnitOfWork;
}

/**
 * Runs `create` (which adds one `resource` to the workspace) only while the workspace holds fewer than its
 * quota, else QuotaExceeded (409 `quota_exceeded`). Count and creation share a transaction in which the
 * count locked the workspace, so concurrent creations cannot pass the quota together.
 */
export function withinWorkspaceQuota<T>(
  deps: QuotaDeps,
  resource: WorkspaceResource,
  workspaceId: string,
  create: () => Promise<T>,
): Promise<T> {
  return deps.unitOfWork.transaction(async () => {
    assertWithinQuota(deps.quotas, resource, await deps.usage.countInWorkspace(resource, workspaceId));
    return create();
  });
}

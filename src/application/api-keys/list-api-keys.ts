import type { ApiKey } from '../../domain/api-keys/api-key.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { WorkspaceAccess } from '../workspaces/workspace-access.ts';
import type { ApiKeyRepository } from './ports/api-key-repository.ts';

export type ListApiKeys = (
  principal: Principal,
  workspaceId: string,
  page: PageRequest,
) => Promise<Page<ApiKey>>;

/** The workspace's keys that are not revoked (expired ones included), oldest first; admins only. */
export function makeListApiKeys(deps: {
  apiKeys: ApiKeyRepository;
  workspaceAccess: WorkspaceAccess;
}): ListApiKeys {
  return async (principal, workspaceId, page) => {
    await deps.workspaceAccess(principal, workspaceId, 'admin');
    return deps.apiKeys.listForWorkspace(workspaceId, page);
  };
}

import type { ApiKey } from '../../domain/api-keys/api-key.ts';
import { type WorkspaceList, workspaceList } from '../workspaces/index.ts';
import type { ApiKeyRepository } from './ports/api-key-repository.ts';

export type ListApiKeys = WorkspaceList<ApiKey>;

/** The workspace's keys that are not revoked (expired ones included), oldest first; admins only. */
export const makeListApiKeys = workspaceList(
  'admin',
  (deps: { apiKeys: ApiKeyRepository }, workspaceId, page) =>
    deps.apiKeys.listForWorkspace(workspaceId, page),
);

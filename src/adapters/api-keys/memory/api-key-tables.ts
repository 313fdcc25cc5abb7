import { ApiKey } from '../../../domain/api-keys/api-key.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { workspaceTables } from '../../workspaces/index.ts';

/** The API keys area's in-memory tables; a key goes with its workspace. */
export const apiKeyTables = inMemoryTables((store) => {
  const apiKeys = store.byId((k: ApiKey) => new ApiKey(k));
  apiKeys.cascadeFrom(workspaceTables(store).workspaces, (k) => k.workspaceId);
  return { apiKeys };
});

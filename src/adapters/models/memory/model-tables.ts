import { ProviderAccount } from '../../../domain/models/provider-account.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { workspaceTables } from '../../workspaces/index.ts';

/** The models area's in-memory tables; a provider account goes with its workspace. */
export const modelTables = inMemoryTables((store) => {
  const providerAccounts = store.byId((a: ProviderAccount) => new ProviderAccount(a));
  providerAccounts.cascadeFrom(workspaceTables(store).workspaces, (a) => a.workspaceId);
  return { providerAccounts };
});

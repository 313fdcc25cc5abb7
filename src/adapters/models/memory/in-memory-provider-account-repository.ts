import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { ProviderAccountRepository } from '../../../application/models/ports/provider-account-repository.ts';
import type { ProviderAccount } from '../../../domain/models/provider-account.ts';
import { inMemoryRowRepository } from '../../platform/memory/in-memory-repository.ts';
import { modelTables } from './model-tables.ts';

/** Model provider accounts in the store (keys in clear: the store never leaves the process). */
export class InMemoryProviderAccountRepository
  extends inMemoryRowRepository(modelTables, (tables) => tables.providerAccounts)
  implements ProviderAccountRepository
{
  list(workspaceId: string, page: PageRequest): Promise<Page<ProviderAccount>> {
    return this.pageWhere((a) => a.workspaceId === workspaceId, page, 'asc');
  }

  save(account: ProviderAccount): Promise<void> {
    return this.atomically((tables) => {
      if (tables.providerAccounts.get(account.id)) tables.providerAccounts.put(account);
    });
  }

  delete(id: string): Promise<void> {
    return this.atomically((tables) => {
      tables.providerAccounts.delete(id);
    });
  }
}

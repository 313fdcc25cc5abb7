import type { ProviderAccount } from '../../../domain/models/provider-account.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

/**
 * A workspace's model provider accounts. Adapters keep the API key sealed at rest (like webhook secrets);
 * callers see it in clear. Every method joins the surrounding `UnitOfWork` transaction.
 */
export interface ProviderAccountRepository {
  add(account: ProviderAccount): Promise<void>;
  findById(id: string): Promise<ProviderAccount | undefined>;
  /** The workspace's accounts, ordered by (createdAt, id). */
  list(workspaceId: string, page: PageRequest): Promise<Page<ProviderAccount>>;
  /** Stores the account's name, address, key and `updatedAt` (last write wins). */
  save(account: ProviderAccount): Promise<void>;
  /** Deletes the account; its sealed key is destroyed with the row. */
  delete(id: string): Promise<void>;
}

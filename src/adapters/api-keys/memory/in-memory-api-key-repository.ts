import type { ApiKeyRepository } from '../../../application/api-keys/ports/api-key-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { ApiKey } from '../../../domain/api-keys/api-key.ts';
import { pageOf } from '../../platform/memory/in-memory-page.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { apiKeyTables } from './api-key-tables.ts';

/** API keys in the store; revocation and the last-use write are each one compare-and-set step. */
export class InMemoryApiKeyRepository implements ApiKeyRepository {
  readonly #store: InMemoryStore;

  constructor({ store }: { store: InMemoryStore }) {
    this.#store = store;
  }

  add(key: ApiKey): Promise<void> {
    return this.#store.atomically(() => {
      if (apiKeyTables(this.#store).apiKeys.some((k) => k.keyId === key.keyId))
        throw new Error('duplicate API key id');
      apiKeyTables(this.#store).apiKeys.put(key);
    });
  }

  findByKeyId(keyId: string): Promise<ApiKey | undefined> {
    return this.#store.atomically(() => apiKeyTables(this.#store).apiKeys.find((k) => k.keyId === keyId));
  }

  findById(id: string): Promise<ApiKey | undefined> {
    return this.#store.atomically(() => apiKeyTables(this.#store).apiKeys.get(id));
  }

  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<ApiKey>> {
    return this.#store.atomically(() => {
      const live = apiKeyTables(this.#store).apiKeys.filter(
        (k) => k.workspaceId === workspaceId && k.revokedAt === null,
      );
      return pageOf(live, (k) => ({ createdAt: k.createdAt, id: k.id }), page, 'asc');
    });
  }

  revoke(id: string, now: Date): Promise<boolean> {
    return this.#store.atomically(() => {
      if (apiKeyTables(this.#store).apiKeys.get(id)?.revokedAt !== null) return false;
      apiKeyTables(this.#store).apiKeys.update(id, (key) => {
        key.revokedAt = now;
      });
      return true;
    });
  }

  async recordUse(id: string, now: Date, cutoff: Date): Promise<void> {
    await this.#store.atomically(() => {
      const key = apiKeyTables(this.#store).apiKeys.get(id);
      if (key && (key.lastUsedAt === null || key.lastUsedAt.getTime() <= cutoff.getTime())) {
        apiKeyTables(this.#store).apiKeys.update(id, (k) => {
          k.lastUsedAt = now;
        });
      }
    });
  }
}

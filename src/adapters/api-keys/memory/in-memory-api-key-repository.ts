import type { ApiKeyRepository } from '../../../application/api-keys/ports/api-key-repository.ts';
import type { CreatorKeyScope } from '../../../application/kernel/ports/creator-keys.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { ApiKey } from '../../../domain/api-keys/api-key.ts';
import { pageOf } from '../../platform/memory/in-memory-page.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { apiKeyTables } from './api-key-tables.ts';

/** API keys in the store; revocation and the last-use write are each one compare-and-set step. */
export class InMemoryApiKeyRepository extends inMemoryRepository(apiKeyTables) implements ApiKeyRepository {
  add(key: ApiKey): Promise<void> {
    return this.atomically(() => {
      if (this.tables.apiKeys.some((k) => k.keyId === key.keyId)) throw new Error('duplicate API key id');
      this.tables.apiKeys.put(key);
    });
  }

  findByKeyId(keyId: string): Promise<ApiKey | undefined> {
    return this.atomically((tables) => tables.apiKeys.find((k) => k.keyId === keyId));
  }

  findById(id: string): Promise<ApiKey | undefined> {
    return this.atomically((tables) => tables.apiKeys.get(id));
  }

  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<ApiKey>> {
    return this.atomically(() => {
      const live = this.tables.apiKeys.filter((k) => k.workspaceId === workspaceId && k.revokedAt === null);
      return pageOf(live, (k) => ({ createdAt: k.createdAt, id: k.id }), page, 'asc');
    });
  }

  revoke(id: string, now: Date): Promise<boolean> {
    return this.atomically(() => {
      if (this.tables.apiKeys.get(id)?.revokedAt !== null) return false;
      this.tables.apiKeys.update(id, (key) => {
        key.revokedAt = now;
      });
      return true;
    });
  }

  revokeCreatedBy(
    userId: string,
    scope: CreatorKeyScope,
    now: Date,
  ): Promise<{ id: string; workspaceId: string }[]> {
    return this.atomically(() => {
      const keys = this.tables.apiKeys.filter(
        (key) =>
          key.createdBy === userId &&
          key.revokedAt === null &&
          (scope.workspaceId === undefined || key.workspaceId === scope.workspaceId) &&
          (!scope.adminKeysOnly || key.role === 'admin'),
      );
      for (const key of keys) {
        this.tables.apiKeys.update(key.id, (stored) => {
          stored.revokedAt = now;
        });
      }
      return keys.map((key) => ({ id: key.id, workspaceId: key.workspaceId }));
    });
  }

  async recordUse(id: string, now: Date, cutoff: Date): Promise<void> {
    await this.atomically(() => {
      const key = this.tables.apiKeys.get(id);
      if (key && (key.lastUsedAt === null || key.lastUsedAt.getTime() <= cutoff.getTime())) {
        this.tables.apiKeys.update(id, (k) => {
          k.lastUsedAt = now;
        });
      }
    });
  }
}

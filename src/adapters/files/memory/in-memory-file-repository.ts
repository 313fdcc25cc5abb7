import type { FileRepository } from '../../../application/files/ports/file-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { StoredFile } from '../../../domain/files/stored-file.ts';
import type { RetentionCutoffs } from '../../../domain/kernel/retention.ts';
import { pageOf } from '../../platform/memory/in-memory-page.ts';
import { purgeExpiredRows } from '../../platform/memory/in-memory-retention.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { fileTables } from './file-tables.ts';

/** Files' metadata in the store; the quota check and the insert are one store step. */
export class InMemoryFileRepository implements FileRepository {
  readonly #store: InMemoryStore;

  constructor({ store }: { store: InMemoryStore }) {
    this.#store = store;
  }

  addWithinQuota(file: StoredFile, quotaBytes: number): Promise<boolean> {
    return this.#store.atomically(() => {
      if (this.#used(file.workspaceId) + file.size > quotaBytes) return false;
      fileTables(this.#store).files.put(file);
      return true;
    });
  }

  findById(id: string): Promise<StoredFile | undefined> {
    return this.#store.atomically(() => fileTables(this.#store).files.get(id));
  }

  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<StoredFile>> {
    return this.#store.atomically(() =>
      pageOf(
        fileTables(this.#store).files.filter((f) => f.workspaceId === workspaceId),
        (f) => f,
        page,
        'desc',
      ),
    );
  }

  usedBytes(workspaceId: string): Promise<number> {
    return this.#store.atomically(() => this.#used(workspaceId));
  }

  async deleteExpired(cutoffs: RetentionCutoffs, limit: number): Promise<string[]> {
    const deleted = await purgeExpiredRows(
      this.#store,
      {
        table: (store) => fileTables(store).files,
        keyOf: (file) => file.id,
        endedAt: (file) => file.createdAt,
        workspaceOf: (file) => file.workspaceId,
      },
      cutoffs,
      limit,
    );
    return deleted.map((file) => file.id);
  }

  existingIds(ids: readonly string[]): Promise<string[]> {
    return this.#store.atomically(() =>
      ids.filter((id) => fileTables(this.#store).files.get(id) !== undefined),
    );
  }

  delete(id: string): Promise<boolean> {
    return this.#store.atomically(() => fileTables(this.#store).files.delete(id));
  }

  #used(workspaceId: string): number {
    return fileTables(this.#store)
      .files.filter((f) => f.workspaceId === workspaceId)
      .reduce((sum, f) => sum + f.size, 0);
  }
}

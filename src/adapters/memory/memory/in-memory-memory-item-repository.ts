import type {
  MemoryItemRepository,
  MemorySearch,
} from '../../../application/memory/ports/memory-item-repository.ts';
import { jsonContains } from '../../../domain/memory/json-containment.ts';
import { isLive, type MemoryItem, underPrefix } from '../../../domain/memory/memory-item.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { workspaceTables } from '../../workspaces/index.ts';
import { textScore } from './memory-text-score.ts';

const addressOf = (workspaceId: string, namespace: readonly string[], key: string) =>
  JSON.stringify([workspaceId, namespace, key]);

const memoryTables = inMemoryTables((store) => {
  const items = store.table(
    (item: MemoryItem) => addressOf(item.workspaceId, item.namespace, item.key),
    (item) => structuredClone(item),
  );
  items.cascadeFrom(workspaceTables(store).workspaces, (item) => item.workspaceId);
  return { items };
});

/** Memory items in the store; full-text ranks by how often the query's words occur in the value's strings. */
export class InMemoryMemoryItemRepository implements MemoryItemRepository {
  readonly #store: InMemoryStore;

  constructor({ store }: { store: InMemoryStore }) {
    this.#store = store;
  }

  put(item: MemoryItem, now: Date): Promise<{ item: MemoryItem; created: boolean }> {
    return this.#store.atomically(() => {
      const { items } = memoryTables(this.#store);
      const address = addressOf(item.workspaceId, item.namespace, item.key);
      const there = items.get(address);
      const live = there !== undefined && isLive(there, now);
      const stored = live ? { ...item, createdAt: there.createdAt } : item;
      items.put(stored);
      return { item: structuredClone(stored), created: !live };
    });
  }

  find(workspaceId: string, namespace: readonly string[], key: string, now: Date) {
    return this.#store.atomically(() => {
      const item = memoryTables(this.#store).items.get(addressOf(workspaceId, namespace, key));
      return item && isLive(item, now) ? item : undefined;
    });
  }

  delete(workspaceId: string, namespace: readonly string[], key: string, now: Date): Promise<boolean> {
    return this.#store.atomically(() => {
      const { items } = memoryTables(this.#store);
      const address = addressOf(workspaceId, namespace, key);
      const item = items.get(address);
      return items.delete(address) && item !== undefined && isLive(item, now);
    });
  }

  search(search: MemorySearch, now: Date): Promise<MemoryItem[]> {
    return this.#store.atomically(() => {
      const found = memoryTables(this.#store).items.filter(
        (item) =>
          item.workspaceId === search.workspaceId &&
          underPrefix(item.namespace, search.namespacePrefix) &&
          isLive(item, now) &&
          (search.filter === undefined || jsonContains(item.value, search.filter)),
      );
      const scored = found
        .map((item) => ({
          item,
          score: search.query === undefined ? 0 : textScore(item.value, search.query),
        }))
        .filter(({ score }) => search.query === undefined || score > 0);
      scored.sort(
        (a, b) =>
          b.score - a.score ||
          b.item.updatedAt.getTime() - a.item.updatedAt.getTime() ||
          compare(a.item.namespace.join('\u0000'), b.item.namespace.join('\u0000')) ||
          compare(a.item.key, b.item.key),
      );
      return scored.slice(0, search.limit).map(({ item }) => item);
    });
  }

  deleteExpired(now: Date, limit: number): Promise<number> {
    return this.#store.atomically(() => {
      const { items } = memoryTables(this.#store);
      const expired = items.filter((item) => !isLive(item, now)).slice(0, limit);
      for (const item of expired) items.delete(addressOf(item.workspaceId, item.namespace, item.key));
      return expired.length;
    });
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

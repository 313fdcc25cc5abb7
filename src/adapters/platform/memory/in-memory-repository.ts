import type { InMemoryStore } from './in-memory-store.ts';

/**
 * The base of an area's in-memory repository over its tables (`inMemoryTables`):
 * `class InMemoryMissionRepository extends inMemoryRepository(missionTables) implements MissionRepository`.
 */
export function inMemoryRepository<Tables>(tablesOf: (store: InMemoryStore) => Tables) {
  return class InMemoryRepository {
    protected readonly store: InMemoryStore;

    constructor({ store }: { store: InMemoryStore }) {
      this.store = store;
    }

    /** The area's tables in this store, for use inside `atomically`. */
    protected get tables(): Tables {
      return tablesOf(this.store);
    }

    /** `InMemoryStore.atomically`, handing `step` the area's tables. */
    protected atomically<T>(step: (tables: Tables) => T): Promise<T> {
      return this.store.atomically(() => step(tablesOf(this.store)));
    }
  };
}

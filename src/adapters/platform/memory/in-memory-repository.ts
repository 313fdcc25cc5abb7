import type { Page, PagePosition, PageRequest } from '../../../application/kernel/ports/page.ts';
import { pageOfRows } from './in-memory-page.ts';
import type { InMemoryStore } from './in-memory-store.ts';
import type { InMemoryTable } from './in-memory-table.ts';

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

/**
 * `inMemoryRepository` over one table of rows by id, with its `add` (a put) and `findById`:
 * `extends inMemoryRowRepository(missionTables, (tables) => tables.missions)`.
 */
export function inMemoryRowRepository<Tables, Row extends PagePosition>(
  tablesOf: (store: InMemoryStore) => Tables,
  rowsOf: (tables: Tables) => InMemoryTable<Row>,
) {
  return class InMemoryRowRepository extends inMemoryRepository(tablesOf) {
    add(row: Row): Promise<void> {
      return this.atomically((tables) => rowsOf(tables).put(row));
    }

    findById(id: string): Promise<Row | undefined> {
      return this.atomically((tables) => rowsOf(tables).get(id));
    }

    /** One keyset page of the rows that match, by (`createdAt`, `id`). */
    protected pageWhere(
      matches: (row: Readonly<Row>) => boolean,
      page: PageRequest,
      direction: 'asc' | 'desc',
    ): Promise<Page<Row>> {
      return this.atomically((tables) => pageOfRows(rowsOf(tables).filter(matches), page, direction));
    }
  };
}

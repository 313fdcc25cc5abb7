import type { InMemoryStore } from './in-memory-store.ts';

/**
 * An area's in-memory tables, declared once with `define` and made on first use in each store:
 * `const { users } = identityTables(store)`. `define` may ask an earlier area's tables, to declare its
 * cascades (`InMemoryTable.cascadeFrom`).
 */
export function inMemoryTables<Tables>(
  define: (store: InMemoryStore) => Tables,
): (store: InMemoryStore) => Tables {
  const made = new WeakMap<InMemoryStore, Tables>();
  return (store) => {
    let tables = made.get(store);
    if (tables === undefined) {
      tables = define(store);
      made.set(store, tables);
    }
    return tables;
  };
}

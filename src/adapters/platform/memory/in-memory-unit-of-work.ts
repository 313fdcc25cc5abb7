import type { UnitOfWork } from '../../../application/kernel/ports/unit-of-work.ts';
import type { InMemoryStore } from './in-memory-store.ts';

/** Transactions on the in-memory store: one at a time, undone when `work` throws (see InMemoryStore). */
export class InMemoryUnitOfWork implements UnitOfWork {
  readonly #store: InMemoryStore;

  constructor({ store }: { store: InMemoryStore }) {
    this.#store = store;
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.#store.transaction(work);
  }
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { InMemoryTable, type WriteJournal } from './in-memory-table.ts';

interface Transaction {
  readonly undo: (() => void)[];
  open: boolean;
}

/**
 * The one lock the in-memory adapters' tables share, and the maker of those tables (each area declares its
 * own with `inMemoryTables`). A transaction holds the lock until it
 * commits or rolls back, so transactions run one at a time, and every access outside one waits for it:
 * nothing reads a transaction's uncommitted writes or overwrites them (serialisable, with no concurrency).
 */
export class InMemoryStore {
  readonly #current = new AsyncLocalStorage<Transaction>();
  readonly #waiting: (() => void)[] = [];
  #locked = false;
  #inStep = false;
  readonly #journal: WriteJournal = { record: (undo) => this.#record(undo) };

  /**
   * Runs `step` inside the current transaction, or alone once no transaction holds the store. `step` is
   * synchronous, so what it reads and writes cannot interleave with anything: the adapters' atomic
   * compare-and-set and claims rest on this.
   */
  async atomically<T>(step: () => T): Promise<T> {
    if (this.#transaction() || !this.#locked) return this.#step(step);
    await this.#lock();
    try {
      return this.#step(step);
    } finally {
      this.#unlock();
    }
  }

  /** `UnitOfWork.transaction`: a nested call joins the outer transaction; a thrown error undoes every write. */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.#transaction()) return work();
    await this.#lock();
    const transaction: Transaction = { undo: [], open: true };
    try {
      return await this.#current.run(transaction, work);
    } catch (error) {
      for (const undo of transaction.undo.reverse()) undo();
      throw error;
    } finally {
      transaction.open = false;
      this.#unlock();
    }
  }

  /** A table of this store keyed by the rows' `id` (see `table`). */
  byId<Row extends { readonly id: string }>(copy: (row: Row) => Row): InMemoryTable<Row> {
    return this.table<Row>((row) => row.id, copy);
  }

  /**
   * A table whose rows go in and out as deep copies (structuredClone, then the domain class again): a caller
   * changing a mission's definition or a run's input in place changes neither the stored row nor, behind the
   * undo journal's back, what a rollback restores. PostgreSQL gives the same isolation by serialising.
   */
  table<Row>(keyOf: (row: Row) => string, copy: (row: Row) => Row): InMemoryTable<Row> {
    return new InMemoryTable<Row>(this.#journal, keyOf, (row) => copy(structuredClone(row)));
  }

  /** The open transaction of this async context; one that ended is no longer current (a late callback). */
  #transaction(): Transaction | undefined {
    const transaction = this.#current.getStore();
    return transaction?.open ? transaction : undefined;
  }

  #step<T>(step: () => T): T {
    const outer = this.#inStep;
    this.#inStep = true;
    try {
      return step();
    } finally {
      this.#inStep = outer;
    }
  }

  #record(undo: () => void): void {
    if (!this.#inStep) throw new Error('in-memory tables are written only inside InMemoryStore.atomically');
    this.#transaction()?.undo.push(undo);
  }

  #lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the lock to the next waiter (first come, first served), or frees it. */
  #unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#locked = false;
  }
}

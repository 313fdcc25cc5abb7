/** What a table tells its store before each write. */
export interface WriteJournal {
  /**
   * Called before every write with the way to undo it: the store keeps it while a transaction is open (to
   * roll back) and refuses writes made outside `InMemoryStore.atomically`.
   */
  record(undo: () => void): void;
}

/**
 * Rows of one kind by key. Stored rows are frozen copies: a write replaces a row, never changes it in place,
 * which is what lets a transaction undo it. Every row read out is a fresh copy the caller may change.
 */
export class InMemoryTable<Row> {
  readonly #rows = new Map<string, Row>();
  readonly #journal: WriteJournal;
  readonly #keyOf: (row: Row) => string;
  readonly #copy: (row: Row) => Row;
  readonly #onDelete: ((deleted: Row) => void)[] = [];

  constructor(journal: WriteJournal, keyOf: (row: Row) => string, copy: (row: Row) => Row) {
    this.#journal = journal;
    this.#keyOf = keyOf;
    this.#copy = copy;
  }

  get(key: string): Row | undefined {
    const row = this.#rows.get(key);
    return row && this.#copy(row);
  }

  find(matches: (row: Readonly<Row>) => boolean): Row | undefined {
    for (const row of this.#rows.values()) if (matches(row)) return this.#copy(row);
    return undefined;
  }

  /** Every row, in insertion order. */
  all(): Row[] {
    return [...this.#rows.values()].map(this.#copy);
  }

  filter(matches: (row: Readonly<Row>) => boolean): Row[] {
    return [...this.#rows.values()].filter(matches).map(this.#copy);
  }

  some(matches: (row: Readonly<Row>) => boolean): boolean {
    for (const row of this.#rows.values()) if (matches(row)) return true;
    return false;
  }

  /** Inserts the row, or replaces the one with its key. */
  put(row: Row): void {
    const key = this.#keyOf(row);
    this.#remember(key);
    this.#rows.set(key, Object.freeze(this.#copy(row)));
  }

  /**
   * Lets `change` alter a copy of the row under `key` (it may throw: nothing is then stored), and stores that
   * copy in its place. Returns it; undefined when there is no such row.
   */
  update(key: string, change: (row: Row) => void): Row | undefined {
    const row = this.get(key);
    if (row === undefined) return undefined;
    change(row);
    this.put(row);
    return row;
  }

  /** Deletes the row under `key`, with the rows that cascade from it (see `cascadeFrom`). */
  delete(key: string): boolean {
    const row = this.#rows.get(key);
    if (row === undefined) return false;
    this.#remember(key);
    this.#rows.delete(key);
    for (const cascade of this.#onDelete) cascade(row);
    return true;
  }

  /**
   * `on delete cascade`, as the migrations declare it: deleting a row of `parent` deletes the rows of this
   * table whose `foreignKey` is that row's key. A later area's table declares it against an earlier area's,
   * so the earlier area's adapters delete what belongs to their rows without knowing the later tables.
   */
  cascadeFrom<Parent>(parent: InMemoryTable<Parent>, foreignKey: (row: Readonly<Row>) => string): void {
    parent.#onDelete.push((deleted) => {
      const key = parent.#keyOf(deleted);
      this.deleteWhere((row) => foreignKey(row) === key);
    });
  }

  /** Deletes the matching rows; returns them. */
  deleteWhere(matches: (row: Readonly<Row>) => boolean): Row[] {
    const deleted = [...this.#rows.values()].filter(matches);
    for (const row of deleted) this.delete(this.#keyOf(row));
    return deleted.map(this.#copy);
  }

  #remember(key: string): void {
    const before = this.#rows.get(key);
    this.#journal.record(() => {
      if (before === undefined) this.#rows.delete(key);
      else this.#rows.set(key, before);
    });
  }
}

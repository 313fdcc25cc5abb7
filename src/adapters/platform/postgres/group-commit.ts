import { AsyncResource } from 'node:async_hooks';
import { withWaitBudget } from '../system/wait-budget.ts';

export interface GroupCommitOptions<I, O> {
  /** Stores `items` in one transaction; resolves, once committed, with one result per item in their order. */
  readonly commit: (items: readonly I[]) => Promise<O[]>;
  /** The most items one transaction takes. */
  readonly maxBatch: number;
  /**
   * The most transactions in flight at once (default 1). Above 1, a batch starts while others commit, so their
   * commits' WAL flushes overlap (PostgreSQL flushes every commit record written before it in one `fdatasync`).
   */
  readonly maxInFlight?: number;
  /** True for an error no retry of single items would avoid (the database is unreachable): all fail at once. */
  readonly failsAll: (error: unknown) => boolean;
  /**
   * What one batch may wait on the database in all (see `WaitBudget`), as a request would: a batch runs outside
   * its submitters' requests, whose budgets it cannot see.
   */
  readonly budgetMs?: number;
}

/** Made when the module is loaded, outside any request or transaction (see `#scope`). */
const BATCH_SCOPE = new AsyncResource('GroupCommit');

interface Waiting<I, O> {
  readonly item: I;
  readonly resolve: (result: O) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit: items submitted while `maxInFlight` transactions are in flight wait for one of them to end and
 * then go together in the next one (at most `maxBatch`), so the cost of a commit (its WAL flush above all) is
 * shared. A free slot starts a transaction at once, with no timer; each slot runs its batches one after the
 * other, taking whatever queued meanwhile. Each submitter is answered only with its batch's outcome: resolved after
 * the commit, rejected when the batch fails. A failing batch acknowledges nothing; its members are then tried
 * one by one, so an item that fails by itself (a constraint it violates) fails only itself.
 */
export class GroupCommit<I, O> {
  readonly #options: GroupCommitOptions<I, O>;
  readonly #queue: Waiting<I, O>[] = [];
  #inFlight = 0;
  /**
   * The context batches run in: this module's, empty, never a submitter's. A submitter inside a transaction of
   * its own (kept in async-local storage) would otherwise have every later batch join that transaction; and so
   * would every batch of a GroupCommit made inside one (a lazily built singleton, say).
   */
  readonly #scope = BATCH_SCOPE;

  constructor(options: GroupCommitOptions<I, O>) {
    this.#options = options;
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      if (this.#inFlight < (this.#options.maxInFlight ?? 1))
        this.#scope.runInAsyncScope(() => void this.#drain());
    });
  }

  async #drain(): Promise<void> {
    this.#inFlight++;
    try {
      while (this.#queue.length > 0) await this.#commit(this.#queue.splice(0, this.#options.maxBatch));
    } finally {
      this.#inFlight--;
    }
  }

  async #commit(batch: readonly Waiting<I, O>[]): Promise<void> {
    let results: O[];
    try {
      const items = batch.map((waiting) => waiting.item);
      const { budgetMs } = this.#options;
      results = await (budgetMs === undefined
        ? this.#options.commit(items)
        : withWaitBudget(budgetMs, () => this.#options.commit(items)));
    } catch (error) {
      if (this.#options.failsAll(error)) {
        // Those who queued meanwhile would meet the same database: they are answered now, not a batch later.
        for (const waiting of [...batch, ...this.#queue.splice(0)]) waiting.reject(error);
        return;
      }
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const waiting of batch) await this.#commit([waiting]);
      return;
    }
    for (const [index, waiting] of batch.entries()) waiting.resolve(results[index] as O);
  }
}

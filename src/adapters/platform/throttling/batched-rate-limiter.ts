import type { RateLimiter } from '../../../application/kernel/ports/rate-limiter.ts';
import { RateLimited } from '../../../domain/kernel/errors.ts';
import { type RateLimiterAbstract, RateLimiterRes } from './rate-limiter-classes.ts';
import type { LimiterOptions, RateLimiterFactory } from './rate-limiter-store.ts';

interface Counter {
  /** Actions admitted here since the last sync, not yet added to the store. */
  pending: number;
  /** The deployment's total for the window, as the store last told it (this instance's synced counts included). */
  spent: number;
  /** When the window ends (epoch ms): the store's word after a sync, this instance's guess before one. */
  resetAt: number;
}

/**
 * The RateLimiter port deciding in memory and sharing its counts in batches: each key's actions are counted
 * here and added to the shared store (one `consume(key, n)` per key) every `syncMs`, which answers with the
 * deployment-wide total. An instance admits while that total plus its own unsynced count is under the budget,
 * so alone it never admits more than the budget per window; with N instances each may admit what it believed
 * left until its next sync, so over-admission is bounded by (N-1) x one sync interval's traffic on the key,
 * and by (N-1) x the budget at worst. A delivery never waits for the store, and a store that fails leaves the
 * decision to memory (the factory's insurance limiter). Counts of the last interval are lost at shutdown.
 */
export class BatchedRateLimiter implements RateLimiter {
  readonly #store: RateLimiterAbstract;
  readonly #options: LimiterOptions;
  readonly #now: () => number;
  readonly #counters = new Map<string, Counter>();
  readonly #timer: NodeJS.Timeout | undefined;
  #syncing: Promise<void> | undefined;

  constructor(
    createLimiter: RateLimiterFactory,
    options: LimiterOptions & { readonly syncMs: number },
    now: () => number = Date.now,
  ) {
    this.#store = createLimiter(options);
    this.#options = options;
    this.#now = now;
    if (options.syncMs > 0) this.#timer = setInterval(() => void this.sync(), options.syncMs).unref();
  }

  async consume(key: string): Promise<void> {
    const now = this.#now();
    let counter = this.#counters.get(key);
    if (!counter) {
      counter = { pending: 0, spent: 0, resetAt: now + this.#options.duration * 1000 };
      this.#counters.set(key, counter);
    } else if (counter.resetAt <= now) {
      // A new window: what was counted, synced or not, belonged to the one that ended.
      counter.spent = 0;
      counter.pending = 0;
      counter.resetAt = now + this.#options.duration * 1000;
    }
    if (counter.spent + counter.pending >= this.#options.points) {
      throw new RateLimited((counter.resetAt - now) / 1000);
    }
    counter.pending++;
  }

  /** Adds the counts made here since the last sync to the store and learns the totals; one sync at a time. */
  sync(): Promise<void> {
    this.#syncing ??= this.#syncAll().finally(() => {
      this.#syncing = undefined;
    });
    return this.#syncing;
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  async #syncAll(): Promise<void> {
    for (const [key, counter] of this.#counters) {
      const count = counter.pending;
      if (count === 0) {
        if (counter.resetAt <= this.#now()) this.#counters.delete(key); // idle and expired: forgotten
        continue;
      }
      counter.pending = 0; // admissions during the await count towards the next sync
      const total = await this.#add(key, count);
      if (total) {
        counter.spent = total.consumedPoints;
        counter.resetAt = this.#now() + total.msBeforeNext;
      } else {
        counter.pending += count; // not counted: tried again at the next sync
      }
    }
  }

  async #add(key: string, count: number): Promise<RateLimiterRes | undefined> {
    try {
      return await this.#store.consume(key, count);
    } catch (error) {
      // Past the budget the store rejects with the same result, total included.
      return error instanceof RateLimiterRes ? error : undefined;
    }
  }
}

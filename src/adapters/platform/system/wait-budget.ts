import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long one request may wait on a dependency (the database) in all, across every query it makes. Each
 * query has its own deadline too, but a request that meets a silent network several times (a login: counters,
 * then the session) would add them up; spent, the budget makes the next wait fail at once (503).
 *
 * Time counts while at least one wait is in flight (waits run side by side count once), so time spent on the
 * CPU (a password hash queue) never eats the budget.
 */
export class WaitBudget {
  readonly #totalMs: number;
  #spentMs = 0;
  #inFlight = 0;
  #since = 0;
  #open = true;
  readonly #now: () => number;

  constructor(totalMs: number, now: () => number = () => performance.now()) {
    this.#totalMs = totalMs;
    this.#now = now;
  }

  /** What is left now, in milliseconds (0 or less when spent). */
  remainingMs(): number {
    const running = this.#inFlight > 0 ? this.#now() - this.#since : 0;
    return this.#totalMs - this.#spentMs - running;
  }

  /** Whether the work it was made for is still running (see `withWaitBudget`). */
  get open(): boolean {
    return this.#open;
  }

  close(): void {
    this.#open = false;
  }

  /** Counts the time until `wait` settles against the budget. */
  track<T>(wait: Promise<T>): Promise<T> {
    if (this.#inFlight++ === 0) this.#since = this.#now();
    const done = () => {
      if (--this.#inFlight === 0) this.#spentMs += this.#now() - this.#since;
    };
    wait.then(done, done);
    return wait;
  }
}

const current = new AsyncLocalStorage<WaitBudget>();

/**
 * Runs `work` with a fresh budget of `totalMs` for everything it (and what it calls) waits on until it
 * settles. Work it leaves running (an event stream's later reads, a connection it opened and its callbacks)
 * inherits the context but not the budget, which closes with `work`.
 */
export async function withWaitBudget<T>(totalMs: number, work: () => Promise<T>): Promise<T> {
  const budget = new WaitBudget(totalMs);
  try {
    return await current.run(budget, work);
  } finally {
    budget.close();
  }
}

/** The budget of the request being served; undefined outside one (background jobs keep per-query deadlines). */
export function currentWaitBudget(): WaitBudget | undefined {
  const budget = current.getStore();
  return budget?.open ? budget : undefined;
}

/**
 * Runs `work` outside the request's budget, with each statement's own deadline only: for the many short
 * statements of a streamed file, whose count grows with its size, not with a database's trouble.
 */
export function outsideWaitBudget<T>(work: () => T): T {
  return current.exit(work);
}

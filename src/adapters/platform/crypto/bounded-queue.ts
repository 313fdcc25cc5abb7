import { availableParallelism } from 'node:os';
import { ServiceUnavailable } from '../../../domain/kernel/errors.ts';

export interface BoundedQueueOptions {
  /** Jobs running at once; defaults to `os.availableParallelism()`. */
  readonly concurrency?: number;
  /** How long a job may wait for a free slot before it is refused; defaults to 2000 ms. */
  readonly maxWaitMs?: number;
  /** Jobs that may wait at once; beyond this a job is refused at once. Defaults to 64 per slot. */
  readonly maxWaiting?: number;
  /** The retry hint carried by the ServiceUnavailable thrown on refusal; defaults to 1 s. */
  readonly retryAfterSeconds?: number;
  /** Told how long each job that got a slot waited for it, in seconds (0 for one that found a slot free). */
  readonly observeWait?: (seconds: number) => void;
}

interface Waiter {
  /** Hands a slot over to this waiter (the running count stays the same). */
  readonly grant: () => void;
  readonly timer: NodeJS.Timeout;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

/**
 * A concurrency limiter for CPU-heavy jobs on the libuv pool (password hashing): at most `concurrency`
 * jobs run at once, the others wait in order for a slot, each for at most `maxWaitMs`, and at most
 * `maxWaiting` of them. A job that cannot get a slot in time, or that finds the waiting line full, is not
 * run: `run` throws ServiceUnavailable with a retry hint. Hashing shares the libuv pool with jose's
 * WebCrypto jobs, so unbounded hashing would delay every token check behind it.
 */
export class BoundedQueue {
  readonly concurrency: number;
  readonly maxWaitMs: number;
  readonly maxWaiting: number;
  readonly retryAfterSeconds: number;
  readonly #observeWait: ((seconds: number) => void) | undefined;
  #running = 0;
  /** Insertion-ordered: the first entry is the oldest waiter; deleting a timed-out one is O(1). */
  readonly #waiters = new Set<Waiter>();

  constructor(options: BoundedQueueOptions = {}) {
    this.concurrency = positiveInteger('concurrency', options.concurrency ?? availableParallelism());
    this.maxWaitMs = options.maxWaitMs ?? 2000;
    if (!Number.isFinite(this.maxWaitMs) || this.maxWaitMs < 0) {
      throw new RangeError('maxWaitMs must be a finite number of milliseconds, 0 or more');
    }
    this.maxWaiting = options.maxWaiting ?? 64 * this.concurrency;
    if (!Number.isSafeInteger(this.maxWaiting) || this.maxWaiting < 0) {
      throw new RangeError('maxWaiting must be an integer, 0 or more');
    }
    this.retryAfterSeconds = positiveInteger('retryAfterSeconds', options.retryAfterSeconds ?? 1);
    this.#observeWait = options.observeWait;
  }

  /** Jobs running now. */
  get running(): number {
    return this.#running;
  }

  /** Jobs waiting for a slot now. */
  get waiting(): number {
    return this.#waiters.size;
  }

  /** Runs `job` once a slot is free; throws ServiceUnavailable, never running it, when none frees in time. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    await this.#acquire();
    try {
      return await job();
    } finally {
      this.#release();
    }
  }

  #acquire(): Promise<void> {
    if (this.#running < this.concurrency && this.#waiters.size === 0) {
      this.#running++;
      this.#observeWait?.(0);
      return Promise.resolve();
    }
    if (this.#waiters.size >= this.maxWaiting) {
      return Promise.reject(
        new ServiceUnavailable('too many jobs are waiting; retry later', this.retryAfterSeconds),
      );
    }
    const since = performance.now();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          this.#observeWait?.((performance.now() - since) / 1000);
          resolve();
        },
        timer: setTimeout(() => {
          this.#waiters.delete(waiter);
          reject(new ServiceUnavailable('no capacity was free in time; retry later', this.retryAfterSeconds));
        }, this.maxWaitMs),
      };
      this.#waiters.add(waiter);
    });
  }

  #release(): void {
    const next = this.#waiters.values().next();
    if (next.done) {
      this.#running--;
      return;
    }
    this.#waiters.delete(next.value);
    next.value.grant();
  }
}

/** What one request took from its key's window. */
export interface WindowCount {
  /** Whether the request fits in the window's budget. */
  readonly allowed: boolean;
  /** Requests the window still allows (0 once spent). */
  readonly remaining: number;
  /** Milliseconds until the window ends and the budget is whole again. */
  readonly msBeforeNext: number;
}

/**
 * Requests per key in fixed windows of `windowMs`, counted in this process's memory, synchronously: the same
 * counts as rate-limiter-flexible's `RateLimiterMemory` (a window starts with a key's first request; refused
 * requests count too), without a promise and a result object per request. Ended windows are dropped on the
 * first count after each `windowMs`, so the map holds at most the keys seen in two windows.
 */
export class FixedWindowCounter {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();
  readonly #points: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  #sweepAt: number;

  constructor(points: number, windowMs: number, now: () => number = Date.now) {
    this.#points = points;
    this.#windowMs = windowMs;
    this.#now = now;
    this.#sweepAt = now() + windowMs;
  }

  /** Keys held: those seen in the current window and, until the next sweep, the one before. */
  get size(): number {
    return this.#windows.size;
  }

  take(key: string): WindowCount {
    const now = this.#now();
    if (now >= this.#sweepAt) this.#sweep(now);
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + this.#windowMs };
      this.#windows.set(key, window);
    }
    window.count++;
    return {
      allowed: window.count <= this.#points,
      remaining: Math.max(this.#points - window.count, 0),
      msBeforeNext: window.endsAt - now,
    };
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
    this.#sweepAt = now + this.#windowMs;
  }
}

const SHARED = '*';

/** What a throttle says of one event: log it (with how many of its key went unlogged since the last line) or not. */
export type ThrottleVerdict = { readonly log: true; readonly suppressed: number } | { readonly log: false };

/**
 * Bounds how often one kind of event (its key) is logged: at most `burst` per `intervalMs`; the others are only
 * counted, and that count rides on the key's next logged line. Keys are forgotten once their interval is over;
 * past `maxKeys` live keys, new keys share one (so a flood of distinct keys is bounded too). One per instance.
 */
export class LogThrottle {
  readonly #windows = new Map<string, { start: number; used: number; suppressed: number }>();
  readonly #burst: number;
  readonly #intervalMs: number;
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(options: { burst: number; intervalMs: number; maxKeys?: number; now?: () => number }) {
    this.#burst = options.burst;
    this.#intervalMs = options.intervalMs;
    this.#maxKeys = options.maxKeys ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  take(key: string): ThrottleVerdict {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (!window && this.#windows.size >= this.#maxKeys) {
      this.#forgetEnded(now);
      // The shared key may be the one past the maximum: the map holds at most maxKeys + 1.
      if (this.#windows.size >= this.#maxKeys && key !== SHARED) return this.take(SHARED);
    }
    if (!window) {
      window = { start: now, used: 0, suppressed: 0 };
      this.#windows.set(key, window);
    } else if (now - window.start >= this.#intervalMs) {
      window.start = now;
      window.used = 0;
    }
    if (window.used >= this.#burst) {
      window.suppressed++;
      return { log: false };
    }
    window.used++;
    const suppressed = window.suppressed;
    window.suppressed = 0;
    return { log: true, suppressed };
  }

  #forgetEnded(now: number): void {
    for (const [key, window] of this.#windows) {
      // A key with an unreported count is kept: its next line carries it.
      if (now - window.start >= this.#intervalMs && window.suppressed === 0) this.#windows.delete(key);
    }
  }
}

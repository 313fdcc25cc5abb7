/** Waits `ms`, or less when `signal` aborts first (a stopping worker does not sit out its backoff). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Exponential backoff for an empty queue: `initialMs`, doubled on each empty claim up to `maxMs`. */
export class IdleBackoff {
  readonly #initialMs: number;
  readonly #maxMs: number;
  #nextMs: number;

  constructor({ initialMs, maxMs }: { initialMs: number; maxMs: number }) {
    this.#initialMs = initialMs;
    this.#maxMs = maxMs;
    this.#nextMs = initialMs;
  }

  /** How long to wait now; the next wait doubles. */
  next(): number {
    const ms = this.#nextMs;
    this.#nextMs = Math.min(this.#maxMs, this.#nextMs * 2);
    return ms;
  }

  /** Work came: the next empty queue starts from the initial wait again. */
  reset(): void {
    this.#nextMs = this.#initialMs;
  }
}

/** How long a `message.delta` waits for more text, and how much it holds at most, before it is written. */
export const DELTA_FLUSH_MS = 50;
export const DELTA_FLUSH_CHARS = 4096;

/**
 * Batches the text pieces of a streamed answer into `message.delta` events. The first piece is written at once
 * (a reader sees the answer start without waiting for a window); after it, a piece starts a window of
 * `DELTA_FLUSH_MS`, and the text received by its end (or once `DELTA_FLUSH_CHARS` pile up) is written as one
 * event. A fast model therefore writes one row for its first piece and then one per window, not one per token;
 * a slow one a row per piece. Writes are sequential (each waits for the one before), so deltas keep their order.
 */
export class DeltaBuffer {
  readonly #write: (text: string) => Promise<void>;
  #pending = '';
  #timer: NodeJS.Timeout | undefined;
  #chain: Promise<void> = Promise.resolve();
  #failure: unknown;
  #started = false;

  constructor(write: (text: string) => Promise<void>) {
    this.#write = write;
  }

  /** Throws the failure of an earlier write (the run was cancelled, the database is gone). */
  add(text: string): void {
    if (this.#failure !== undefined) throw this.#failure;
    if (text === '') return;
    this.#pending += text;
    if (!this.#started || this.#pending.length >= DELTA_FLUSH_CHARS) {
      this.#started = true;
      this.#flushNow();
    } else this.#timer ??= setTimeout(() => this.#flushNow(), DELTA_FLUSH_MS);
  }

  /** Writes what is pending and waits for every write; throws the first failure. */
  async flush(): Promise<void> {
    this.#flushNow();
    await this.#chain;
    if (this.#failure !== undefined) throw this.#failure;
  }

  /** Drops what is pending (the answer was abandoned). */
  discard(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending = '';
  }

  #flushNow(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending === '') return;
    const text = this.#pending;
    this.#pending = '';
    this.#chain = this.#chain.then(async () => {
      if (this.#failure !== undefined) return;
      try {
        await this.#write(text);
      } catch (error) {
        this.#failure = error;
      }
    });
  }
}

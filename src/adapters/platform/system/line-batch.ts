/** What LineBatch needs of the stream behind it (a sonic-boom destination). */
export interface LineStream {
  write(text: string): unknown;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
}

/**
 * Log lines gathered into one string per `batchBytes` (counted in UTF-16 units: a bound, not an exact size)
 * before they reach `stream`. sonic-boom batches too (`minLength`), but measures the UTF-8 length of all the
 * text it holds on every line it is given: past a few kilobytes waiting, that was the access log's largest cost
 * (about 10 µs a line under load, when a write is in flight and lines pile up behind it). Here each line is
 * only pushed; the stream gets one string per batch, or what waits when `hand` is called (by a timer).
 */
export class LineBatch {
  readonly #stream: LineStream;
  readonly #batchBytes: number;
  #lines: string[] = [];
  #length = 0;

  constructor(stream: LineStream, batchBytes: number) {
    this.#stream = stream;
    this.#batchBytes = batchBytes;
  }

  write(line: string): boolean {
    this.#lines.push(line);
    this.#length += line.length;
    if (this.#length >= this.#batchBytes) this.hand();
    return true;
  }

  /** Hands what waits to the stream, which writes it as soon as its previous write is done. */
  hand(): void {
    if (this.#lines.length === 0) return;
    const text = this.#lines.join('');
    this.#lines = [];
    this.#length = 0;
    this.#stream.write(text);
  }

  /** Everything written so far, on its way to the file: `callback` once the stream has written it. */
  flush(callback?: (error?: Error) => void): void {
    this.hand();
    this.#stream.flush(callback);
  }

  flushSync(): void {
    this.hand();
    this.#stream.flushSync();
  }
}

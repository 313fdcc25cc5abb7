import type { ServerResponse } from 'node:http';
import type { Context } from 'koa';

/** How much one stream may hold for a client that does not read, and how long it may stay that way. */
export interface EventStreamLimits {
  /** Bytes waiting in the response's buffer past which the stream is destroyed (the client resumes later). */
  readonly bufferBytes: number;
  /** A buffer that has not drained for this long (checked at each heartbeat) destroys the stream too. */
  readonly stallMs: number;
  readonly heartbeatMs: number;
}

/** Past this much waiting in the buffer, a paced send waits for the client to read before it resolves. */
const PACED_BYTES = 64 * 1024;

/**
 * A Server-Sent Events response (`text/event-stream`), written straight to the socket. A route attaches it
 * once the caller's access is checked (so a refusal is still problem+json), then sends: `send` resolves when
 * the client has read enough to take more, so a backlog goes out page by page at the client's pace, never
 * held whole in memory. Live frames that a client does not read pile up only to `bufferBytes`: past it (or
 * stalled for `stallMs`) the connection is destroyed, not ended, so nothing more is queued for it.
 */
export class EventStream {
  #res: ServerResponse | undefined;
  #pending: (string | Buffer)[] = [];
  #ended = false;
  #timer: NodeJS.Timeout | undefined;
  #limits: EventStreamLimits | undefined;
  #stalledSince: number | undefined;
  #waiters: (() => void)[] = [];
  readonly #onClose: (() => void)[] = [];

  get closed(): boolean {
    return this.#ended;
  }

  /** Bytes written to the response and not yet taken by the client (its socket buffers aside). */
  get bufferedBytes(): number {
    return this.#res?.writableLength ?? 0;
  }

  /** Frames (`id:`, `event:`, `data:` lines) as one write; resolves once the client can take more. */
  send(frames: string | Buffer): Promise<void> {
    this.#write(frames);
    const res = this.#res;
    if (this.#ended || !res || res.writableLength <= PACED_BYTES) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** The final `event: end` frame, then the end of the response. */
  end(): void {
    this.#write('event: end\ndata: {}\n\n');
    this.close();
  }

  /** Ends the response without `end`: the client should reconnect. */
  close(): void {
    if (this.#ended) return;
    this.#finish();
    this.#res?.end();
  }

  /** Drops the connection at once, with whatever is still buffered for it. */
  destroy(): void {
    if (this.#ended) return;
    this.#finish();
    this.#res?.destroy();
  }

  /** Called once when the stream is over, whoever ended it. */
  onClose(callback: () => void): void {
    this.#onClose.push(callback);
  }

  /** Sends the headers and the text so far, then a comment every `heartbeatMs`. */
  attach(ctx: Context, limits: EventStreamLimits): void {
    ctx.status = 200;
    // Koa does not answer: this stream writes the response itself (the access log still sees the status).
    ctx.respond = false;
    const res = ctx.res;
    this.#limits = limits;
    res.socket?.setTimeout(0);
    res.socket?.setNoDelay(true);
    // The body runs until the connection closes: no chunk framing around each write (one syscall, not three).
    res.useChunkedEncodingByDefault = false;
    res.shouldKeepAlive = false;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'close',
      // Reverse proxies (nginx) would otherwise buffer the stream.
      'X-Accel-Buffering': 'no',
    });
    this.#res = res;
    for (const text of this.#pending) res.write(text);
    this.#pending = [];
    res.on('drain', () => {
      this.#stalledSince = undefined;
      this.#wake();
    });
    res.on('close', () => {
      if (!this.#ended) this.#finish();
    });
    if (this.#ended) {
      res.end();
      return;
    }
    this.#timer = setInterval(() => this.#heartbeat(), limits.heartbeatMs);
    this.#timer.unref();
  }

  #heartbeat(): void {
    const res = this.#res;
    const limits = this.#limits;
    if (!res || !limits) return;
    if (res.writableLength === 0) this.#stalledSince = undefined;
    else if (this.#stalledSince === undefined) this.#stalledSince = Date.now();
    else if (Date.now() - this.#stalledSince >= limits.stallMs) {
      this.destroy();
      return;
    }
    this.#write(': keep-alive\n\n');
  }

  #write(text: string | Buffer): void {
    if (this.#ended) return;
    const res = this.#res;
    if (!res) this.#pending.push(text);
    else if (res.writableLength > (this.#limits?.bufferBytes ?? Number.POSITIVE_INFINITY)) this.destroy();
    else res.write(text);
  }

  #finish(): void {
    this.#ended = true;
    clearInterval(this.#timer);
    this.#wake();
    for (const callback of this.#onClose.splice(0)) callback();
  }

  #wake(): void {
    for (const resolve of this.#waiters.splice(0)) resolve();
  }
}

import type { ServerResponse } from 'node:http';
import type { Context } from 'koa';

/** A client that stops reading is dropped (it resumes with Last-Event-ID) before it costs more memory. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/**
 * A Server-Sent Events response (`text/event-stream`), written straight to the socket. Text sent before
 * `attach` waits, so a route can subscribe (and answer 404 as problem+json) before the status line goes out.
 */
export class EventStream {
  #res: ServerResponse | undefined;
  #pending: (string | Buffer)[] = [];
  #ended = false;
  #timer: NodeJS.Timeout | undefined;

  /** Frames (`id:`, `event:`, `data:` lines) as one write. */
  send(frames: string | Buffer): void {
    this.#write(frames);
  }

  /** The final `event: end` frame, then the end of the response. */
  end(): void {
    this.#write('event: end\ndata: {}\n\n');
    this.close();
  }

  /** Ends the response without `end`: the client should reconnect. */
  close(): void {
    if (this.#ended) return;
    this.#ended = true;
    clearInterval(this.#timer);
    this.#res?.end();
  }

  /** Sends the headers and the text so far; a comment every `heartbeatMs`; `onClose` when the client goes. */
  attach(ctx: Context, heartbeatMs: number, onClose: () => void): void {
    ctx.status = 200;
    // Koa does not answer: this stream writes the response itself (the access log still sees the status).
    ctx.respond = false;
    const res = ctx.res;
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
    res.on('close', () => {
      this.close();
      onClose();
    });
    if (this.#ended) {
      res.end();
      return;
    }
    this.#timer = setInterval(() => this.#write(': keep-alive\n\n'), heartbeatMs);
    this.#timer.unref();
  }

  #write(text: string | Buffer): void {
    if (this.#ended) return;
    if (!this.#res) this.#pending.push(text);
    else if (this.#res.writableLength > MAX_BUFFERED_BYTES) this.close();
    else this.#res.write(text);
  }
}

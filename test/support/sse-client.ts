/** One Server-Sent Events frame as a client sees it (comments are counted, not kept). */
export interface SseFrame {
  readonly id: string | undefined;
  readonly event: string;
  readonly data: string;
}

/**
 * A minimal EventSource over fetch (a real socket): parses frames as bytes arrive, so a test can wait for
 * a number of frames, see comment heartbeats, and tell a clean end of the stream from an open one.
 */
export class SseClient {
  readonly frames: SseFrame[] = [];
  comments = 0;
  closed = false;
  status = 0;
  contentType: string | null = null;
  readonly #controller = new AbortController();
  #waiters: (() => void)[] = [];
  #done: Promise<void> = Promise.resolve();

  static async open(url: string, headers: Record<string, string>): Promise<SseClient> {
    const client = new SseClient();
    const response = await fetch(url, { headers, signal: client.#controller.signal });
    client.status = response.status;
    client.contentType = response.headers.get('content-type');
    if (response.body) client.#done = client.#read(response.body);
    else client.closed = true;
    return client;
  }

  /** Resolves once at least `count` frames arrived (or the stream closed); rejects after `timeoutMs`. */
  async waitForFrames(count: number, timeoutMs = 5000): Promise<SseFrame[]> {
    return this.#until(() => this.frames.length >= count || this.closed, timeoutMs, `${count} frames`);
  }

  async waitForComments(count: number, timeoutMs = 5000): Promise<void> {
    await this.#until(() => this.comments >= count, timeoutMs, `${count} comments`);
  }

  async waitForClose(timeoutMs = 5000): Promise<SseFrame[]> {
    return this.#until(() => this.closed, timeoutMs, 'the end of the stream');
  }

  async close(): Promise<void> {
    this.#controller.abort();
    await this.#done.catch(() => {});
  }

  async #until(ready: () => boolean, timeoutMs: number, what: string): Promise<SseFrame[]> {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.frames;
  }

  async #read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of body) {
        text += decoder.decode(chunk, { stream: true });
        let end = text.indexOf('\n\n');
        while (end >= 0) {
          this.#parse(text.slice(0, end));
          text = text.slice(end + 2);
          end = text.indexOf('\n\n');
        }
        this.#wake();
      }
    } finally {
      this.closed = true;
      this.#wake();
    }
  }

  #parse(block: string): void {
    const fields: Record<string, string> = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments++;
        continue;
      }
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      fields[name] = fields[name] === undefined ? value : `${fields[name]}\n${value}`;
    }
    if (fields.data !== undefined || fields.event !== undefined) {
      this.frames.push({ id: fields.id, event: fields.event ?? 'message', data: fields.data ?? '' });
    }
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}

// What a resilience script reads from inside the server process, through the Node inspector on loopback (the
// server started with `--inspect=127.0.0.1:<port>`): its heap, external and ArrayBuffer memory, a forced garbage
// collection (to tell what is retained from garbage not collected yet), and heap snapshots.
import { createWriteStream } from 'node:fs';

export interface MemoryUsage {
  readonly rss: number;
  readonly heapTotal: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
}

/** One DevTools protocol session with a process's main thread. */
export class Inspector {
  readonly #socket: WebSocket;
  readonly #pending = new Map<
    number,
    { resolve: (result: unknown) => void; reject: (error: Error) => void }
  >();
  readonly #listeners = new Map<string, (params: Record<string, unknown>) => void>();
  #nextId = 1;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.addEventListener('message', (message) => {
      const data = JSON.parse(String(message.data)) as {
        id?: number;
        method?: string;
        params?: Record<string, unknown>;
        result?: unknown;
        error?: { message: string };
      };
      if (data.id !== undefined) {
        const waiter = this.#pending.get(data.id);
        this.#pending.delete(data.id);
        if (data.error) waiter?.reject(new Error(data.error.message));
        else waiter?.resolve(data.result);
      } else if (data.method) this.#listeners.get(data.method)?.(data.params ?? {});
    });
  }

  /** Connects to the inspector listening on `port` (the first target it lists: the main thread). */
  static async connect(port: number): Promise<Inspector> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      webSocketDebuggerUrl: string;
    }[];
    const url = targets[0]?.webSocketDebuggerUrl;
    if (!url) throw new Error(`no inspector target on port ${port}`);
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', () => reject(new Error(`cannot reach ${url}`)), { once: true });
    });
    return new Inspector(socket);
  }

  call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.#nextId++;
    this.#socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }));
  }

  /** `process.memoryUsage()` of the process, in bytes. */
  async memoryUsage(): Promise<MemoryUsage> {
    const answer = (await this.call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(answer.result.value) as MemoryUsage;
  }

  /** A full garbage collection. */
  async collectGarbage(): Promise<void> {
    await this.call('HeapProfiler.collectGarbage');
  }

  /** Writes a heap snapshot (for Chrome DevTools' Memory tab) to `path`. */
  async heapSnapshot(path: string): Promise<void> {
    const file = createWriteStream(path);
    this.#listeners.set('HeapProfiler.addHeapSnapshotChunk', (params) => file.write(params.chunk as string));
    await this.call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    this.#listeners.delete('HeapProfiler.addHeapSnapshotChunk');
    await new Promise((resolve) => file.end(resolve));
  }

  close(): void {
    this.#socket.close();
  }
}

/** `heap 40.1 / external 3.2 / array buffers 1.0 MiB` */
export function memoryText(usage: MemoryUsage): string {
  const m = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  return `heap ${m(usage.heapUsed)} of ${m(usage.heapTotal)}, external ${m(usage.external)}, array buffers ${m(usage.arrayBuffers)} MiB`;
}

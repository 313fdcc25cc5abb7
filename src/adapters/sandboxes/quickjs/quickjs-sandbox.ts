import { Worker } from 'node:worker_threads';
import type { Sandbox, SandboxCall, SandboxResult } from '../../../application/sandboxes/ports/sandbox.ts';
import { ServiceUnavailable } from '../../../domain/kernel/errors.ts';
import type { WorkerAnswer, WorkerRequest } from './quickjs-worker.ts';

export interface QuickJsSandboxOptions {
  /** Worker threads, each running one call at a time. */
  readonly threads: number;
  /** Calls that may wait for a thread; one more is refused (503) rather than queued without end. */
  readonly maxQueued: number;
}

interface Job {
  readonly call: SandboxCall;
  readonly resolve: (result: SandboxResult) => void;
}

interface Thread {
  readonly worker: Worker;
  ready: boolean;
  job: (Job & { id: number; watchdog: NodeJS.Timeout }) | undefined;
}

/** How long past its own deadline a call may take before its thread is ended (QuickJS stuck outside JS). */
const WATCHDOG_GRACE_MS = 5000;
const WORKER_FILE = new URL('./quickjs-worker.ts', import.meta.url);

/**
 * The QuickJS sandbox on a bounded pool of worker threads: a call that spins until its deadline holds up its
 * own thread, never the event loop, and calls beyond the threads wait in a bounded queue. Threads start on
 * the first call; a thread that fails or overruns its deadline by far is ended and replaced.
 */
export class QuickJsSandbox implements Sandbox {
  readonly #options: QuickJsSandboxOptions;
  readonly #threads: Thread[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;

  constructor(options: QuickJsSandboxOptions) {
    this.#options = options;
  }

  run(call: SandboxCall): Promise<SandboxResult> {
    if (this.#closed) return Promise.reject(new ServiceUnavailable('the sandbox is shut down'));
    if (this.#queue.length >= this.#options.maxQueued) {
      return Promise.reject(new ServiceUnavailable('the sandbox is busy; retry later', 1));
    }
    return new Promise((resolve) => {
      this.#queue.push({ call, resolve });
      this.#fill();
      this.#dispatch();
    });
  }

  /** Ends every thread; waiting and running calls answer that the sandbox shut down. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.resolve(failed('the sandbox shut down'));
    await Promise.all(this.#threads.splice(0).map((thread) => this.#end(thread, 'the sandbox shut down')));
  }

  #fill(): void {
    while (this.#threads.length < this.#options.threads) this.#threads.push(this.#start());
  }

  #start(): Thread {
    const worker = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: 128 } });
    const thread: Thread = { worker, ready: false, job: undefined };
    worker.on('message', (message: 'ready' | WorkerAnswer) => {
      if (message === 'ready') thread.ready = true;
      else if (thread.job?.id === message.id) {
        clearTimeout(thread.job.watchdog);
        thread.job.resolve(message.result);
        thread.job = undefined;
      }
      this.#dispatch();
      // An idle thread keeps no process alive; a busy one does, until its call answers. (Listeners ref the
      // worker, so this comes after them.)
      if (thread.job) worker.ref();
      else worker.unref();
    });
    worker.on('error', () => undefined);
    worker.on('exit', () => this.#replace(thread, 'the sandbox failed; try again'));
    return thread;
  }

  #dispatch(): void {
    for (const thread of this.#threads) {
      if (!thread.ready || thread.job) continue;
      const job = this.#queue.shift();
      if (!job) return;
      const id = this.#nextId++;
      const watchdog = setTimeout(
        () => void this.#end(thread, `main(input) ran longer than ${job.call.timeoutMs} ms`, 'TimeoutError'),
        job.call.timeoutMs + WATCHDOG_GRACE_MS,
      );
      watchdog.unref();
      thread.job = { ...job, id, watchdog };
      thread.worker.ref();
      thread.worker.postMessage({ id, call: job.call } satisfies WorkerRequest);
    }
  }

  async #end(thread: Thread, message: string, name = 'InternalError'): Promise<void> {
    const job = thread.job;
    thread.job = undefined;
    if (job) {
      clearTimeout(job.watchdog);
      job.resolve(failed(message, name));
    }
    await thread.worker.terminate();
  }

  /** A thread ended (it failed, or the watchdog ended it): its call fails, and a fresh thread takes its place. */
  #replace(thread: Thread, message: string): void {
    const index = this.#threads.indexOf(thread);
    if (index === -1) return;
    const job = thread.job;
    thread.job = undefined;
    if (job) {
      clearTimeout(job.watchdog);
      job.resolve(failed(message));
    }
    this.#threads.splice(index, 1);
    if (this.#closed) return;
    if (this.#queue.length > 0) this.#fill();
  }
}

function failed(message: string, name = 'InternalError'): SandboxResult {
  return { output: null, logs: [], error: { name, message }, durationMs: 0 };
}

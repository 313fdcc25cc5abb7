import type { ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { Options as Argon2Options } from '@node-rs/argon2';
import { ServiceUnavailable } from '../../../domain/kernel/errors.ts';
import type { HashAnswer, HashingWorkerData, HashJob, HashRequest } from './hashing-worker.ts';

const WORKER_FILE = new URL('./hashing-worker.ts', import.meta.url);

export interface HashingWorkersOptions {
  /** Threads hashing at once; defaults to 1. */
  readonly threads?: number;
  /** Their nice value (Linux, each thread's own): 0 to 19, defaults to 10. */
  readonly niceness?: number;
  /** A thread with nothing to do for this long ends (started again on use); defaults to 30 s. */
  readonly idleMs?: number;
}

interface Thread {
  readonly worker: Worker;
  readonly jobs: Map<number, { resolve(value: unknown): void; reject(error: Error): void }>;
  idle: NodeJS.Timeout | undefined;
}

/**
 * Password hashing (argon2, scrypt) on worker threads of its own, started on use, rather than on libuv's pool:
 *
 * - at a raised nice value, so that a core the event loop wants goes to it at once, not after the running hash
 *   (a cheap request such as `/me` is not made to wait behind a login flood's hashes);
 * - each thread runs the jobs handed to it back to back: a job handed over while another runs starts the moment
 *   that one ends, without a round trip through the event loop (which, busy, leaves the hashing core idle).
 *
 * A job goes to the thread with the fewest jobs. How many are handed over at once is the caller's to bound
 * (BoundedQueue): two per thread keep each one busy. A job the library refuses (a malformed hash) rejects with
 * the library's message; a thread that fails, or closing, rejects its jobs with ServiceUnavailable (a hash not
 * done is no answer about the password), and a failed thread is replaced on next use.
 */
export class HashingWorkers {
  readonly threads: number;
  readonly niceness: number;
  readonly #idleMs: number;
  readonly #pool: Array<Thread | undefined>;
  #nextId = 0;

  constructor(options: HashingWorkersOptions = {}) {
    this.threads = options.threads ?? 1;
    this.niceness = options.niceness ?? 10;
    this.#idleMs = options.idleMs ?? 30_000;
    if (!Number.isSafeInteger(this.threads) || this.threads < 1)
      throw new RangeError('threads must be a positive integer');
    if (!Number.isInteger(this.niceness) || this.niceness < 0 || this.niceness > 19)
      throw new RangeError('niceness must be an integer from 0 to 19');
    this.#pool = Array.from({ length: this.threads }, () => undefined);
  }

  argon2Hash(password: string, options: Argon2Options): Promise<string> {
    return this.#run({ kind: 'argon2-hash', password, options }) as Promise<string>;
  }

  /** Rejects for a malformed hash, as @node-rs/argon2's `verify` does. */
  argon2Verify(hash: string, password: string): Promise<boolean> {
    return this.#run({ kind: 'argon2-verify', hash, password }) as Promise<boolean>;
  }

  async scrypt(
    password: string,
    salt: Uint8Array,
    keyBytes: number,
    options: ScryptOptions,
  ): Promise<Buffer> {
    const key = (await this.#run({ kind: 'scrypt', password, salt, keyBytes, options })) as Uint8Array;
    return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
  }

  /** Ends every thread; jobs in flight reject. */
  async close(): Promise<void> {
    const threads = this.#pool.splice(0, this.#pool.length, ...this.#pool.map(() => undefined));
    const closed = new ServiceUnavailable('password hashing is shutting down', 1);
    await Promise.all(threads.map((thread) => thread && this.#end(thread, closed)));
  }

  #run(job: HashJob): Promise<unknown> {
    const index = this.#leastBusy();
    const thread = this.#pool[index] ?? this.#start(index);
    const id = this.#nextId++;
    clearTimeout(thread.idle);
    thread.idle = undefined;
    thread.worker.ref();
    return new Promise((resolve, reject) => {
      thread.jobs.set(id, { resolve, reject });
      thread.worker.postMessage({ id, job } satisfies HashRequest);
    });
  }

  #leastBusy(): number {
    let best = 0;
    for (let i = 0; i < this.#pool.length; i++) {
      const jobs = this.#pool[i]?.jobs.size ?? 0;
      if (jobs === 0) return i;
      if (jobs < (this.#pool[best]?.jobs.size ?? 0)) best = i;
    }
    return best;
  }

  #start(index: number): Thread {
    const worker = new Worker(WORKER_FILE, {
      workerData: { niceness: this.niceness } satisfies HashingWorkerData,
    });
    const thread: Thread = { worker, jobs: new Map(), idle: undefined };
    this.#pool[index] = thread;
    worker.on('message', (answer: HashAnswer) => {
      const job = thread.jobs.get(answer.id);
      thread.jobs.delete(answer.id);
      if ('error' in answer) job?.reject(new Error(answer.error));
      else job?.resolve(answer.value);
      if (thread.jobs.size > 0) return;
      // Idle: it no longer keeps the process alive, and ends if nothing comes.
      worker.unref();
      thread.idle = setTimeout(() => void this.#retire(thread), this.#idleMs).unref();
    });
    const fail = () =>
      void this.#retire(thread, new ServiceUnavailable('a password hashing thread failed', 1));
    worker.on('error', fail);
    worker.on('exit', fail);
    return thread;
  }

  async #retire(thread: Thread, error = new ServiceUnavailable('hashing thread retired', 1)): Promise<void> {
    const index = this.#pool.indexOf(thread);
    if (index >= 0) this.#pool[index] = undefined;
    await this.#end(thread, error);
  }

  async #end(thread: Thread, error: Error): Promise<void> {
    clearTimeout(thread.idle);
    for (const job of thread.jobs.values()) job.reject(error);
    thread.jobs.clear();
    await thread.worker.terminate();
  }
}

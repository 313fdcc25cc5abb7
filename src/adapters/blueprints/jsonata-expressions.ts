import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { ExpressionLanguage } from '../../application/blueprints/ports/expression-language.ts';
import { ExpressionFailed } from '../../domain/blueprints/expression-failed.ts';
import type { EvaluationAnswer, EvaluationRequest } from './jsonata-worker.ts';

const WORKER_FILE = new URL('./jsonata-worker.ts', import.meta.url);
const require = createRequire(import.meta.url);
let parser: typeof import('jsonata') | undefined;
/** jsonata (CommonJS), required on the first expression checked rather than at start: most processes check none. */
function parse(source: string): void {
  parser ??= require('jsonata') as typeof import('jsonata');
  parser(source);
}

interface Evaluation {
  readonly request: Omit<EvaluationRequest, 'id'>;
  readonly deadlineMs: number;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

interface Thread {
  readonly worker: Worker;
  /** It loaded jsonata: an evaluation's deadline never counts a thread's start. */
  ready: boolean;
  current: (Evaluation & { readonly id: number; readonly timer: NodeJS.Timeout }) | undefined;
}

/**
 * JSONata 2. Parsing is a single pass over the source, so it runs on the caller's thread. Evaluating runs on
 * a pool of worker threads (started on use), ONE evaluation per thread at a time: JSONata cannot be
 * interrupted (`($f := function($x){$f($x)}; $f(1))` spins synchronously), so at an evaluation's deadline its
 * thread is ended, and only that evaluation fails; the others, on their own threads, go on. Evaluations
 * beyond the threads wait their turn; the deadline counts from when a ready thread takes one.
 */
export class JsonataExpressions implements ExpressionLanguage {
  readonly #threads: Thread[] = [];
  readonly #queue: Evaluation[] = [];
  readonly #size: number;
  #nextId = 1;
  #closed = false;

  constructor({ threads = 2 }: { threads?: number } = {}) {
    this.#size = threads;
  }

  problemIn(source: string): string | undefined {
    try {
      parse(source);
      return undefined;
    } catch (error) {
      const { message, position } = error as { message?: string; position?: number };
      return `${message ?? 'not an expression'}${position === undefined ? '' : ` (at character ${position})`}`;
    }
  }

  evaluate(source: string, context: unknown, deadlineMs: number): Promise<unknown> {
    const problem = this.problemIn(source);
    if (problem !== undefined)
      return Promise.reject(new ExpressionFailed(`the expression does not parse: ${problem}`));
    if (this.#closed) return Promise.reject(new ExpressionFailed('the expression evaluator shut down'));
    return new Promise((resolve, reject) => {
      this.#queue.push({
        request: { source, context: JSON.stringify(context ?? null) },
        deadlineMs,
        resolve,
        reject,
      });
      this.#dispatch();
    });
  }

  /** Ends every thread; evaluations waiting or in flight fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const waiting of this.#queue.splice(0))
      waiting.reject(new ExpressionFailed('the expression evaluator shut down'));
    await Promise.all(
      [...this.#threads].map((thread) => this.#end(thread, 'the expression evaluator shut down')),
    );
  }

  #dispatch(): void {
    if (this.#queue.length > this.#threads.filter((thread) => !thread.current).length) this.#start();
    while (this.#queue.length > 0) {
      const thread = this.#threads.find((candidate) => candidate.ready && !candidate.current);
      if (!thread) return;
      const evaluation = this.#queue.shift() as Evaluation;
      const id = this.#nextId++;
      const timer = setTimeout(
        () => void this.#end(thread, `the expression ran longer than ${evaluation.deadlineMs} ms`),
        evaluation.deadlineMs,
      );
      thread.current = { ...evaluation, id, timer };
      thread.worker.ref();
      thread.worker.postMessage({ id, ...evaluation.request } satisfies EvaluationRequest);
    }
  }

  /** A new thread while the pool has room (it takes evaluations once ready); undefined when it is full. */
  #start(): Thread | undefined {
    if (this.#threads.length >= this.#size) return undefined;
    const worker = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
    const thread: Thread = { worker, ready: false, current: undefined };
    worker.on('message', (answer: 'ready' | EvaluationAnswer) => {
      if (answer === 'ready') {
        thread.ready = true;
        worker.unref();
        this.#dispatch();
        return;
      }
      const current = thread.current;
      if (current?.id !== answer.id) return;
      thread.current = undefined;
      clearTimeout(current.timer);
      if (answer.ok) current.resolve(answer.value === undefined ? undefined : JSON.parse(answer.value));
      else current.reject(new ExpressionFailed(`the expression failed: ${answer.message}`));
      worker.unref();
      this.#dispatch();
    });
    worker.on('error', () => undefined);
    worker.on('exit', () => this.#drop(thread, 'the expression evaluator stopped'));
    this.#threads.push(thread);
    return thread;
  }

  async #end(thread: Thread, message: string): Promise<void> {
    this.#drop(thread, message);
    await thread.worker.terminate();
  }

  /** The thread is gone: its evaluation (only its own) fails, and waiting ones go to a fresh thread. */
  #drop(thread: Thread, message: string): void {
    const index = this.#threads.indexOf(thread);
    if (index === -1) return;
    this.#threads.splice(index, 1);
    const current = thread.current;
    thread.current = undefined;
    if (current) {
      clearTimeout(current.timer);
      current.reject(new ExpressionFailed(message));
    }
    if (!this.#closed) this.#dispatch();
  }
}

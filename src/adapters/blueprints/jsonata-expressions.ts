import { Worker } from 'node:worker_threads';
import jsonata from 'jsonata';
import type { ExpressionLanguage } from '../../application/blueprints/ports/expression-language.ts';
import { ExpressionFailed } from '../../domain/blueprints/expression-failed.ts';
import type { EvaluationAnswer, EvaluationRequest } from './jsonata-worker.ts';

const WORKER_FILE = new URL('./jsonata-worker.ts', import.meta.url);

interface Pending {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * JSONata 2. Parsing is a single pass over the source, so it runs on the caller's thread. Evaluating runs on
 * one worker thread (started on first use): JSONata cannot be interrupted (`($f := function($x){$f($x)};
 * $f(1))` spins synchronously), so at an evaluation's deadline the whole thread is ended, the evaluations
 * it held fail, and the next one starts a fresh thread.
 */
export class JsonataExpressions implements ExpressionLanguage {
  #worker: Worker | undefined;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;

  problemIn(source: string): string | undefined {
    try {
      jsonata(source);
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
    const worker = this.#thread();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.#end(worker, `the expression ran longer than ${deadlineMs} ms`),
        deadlineMs,
      );
      this.#pending.set(id, { resolve, reject, timer });
      worker.ref();
      worker.postMessage({
        id,
        source,
        context: JSON.stringify(context ?? null),
      } satisfies EvaluationRequest);
    });
  }

  /** Ends the thread; evaluations in flight fail. */
  async close(): Promise<void> {
    if (this.#worker) await this.#end(this.#worker, 'the expression evaluator shut down');
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
    worker.on('message', (answer: EvaluationAnswer) => {
      const pending = this.#pending.get(answer.id);
      if (!pending) return;
      this.#pending.delete(answer.id);
      clearTimeout(pending.timer);
      if (answer.ok) pending.resolve(answer.value === undefined ? undefined : JSON.parse(answer.value));
      else pending.reject(new ExpressionFailed(`the expression failed: ${answer.message}`));
      if (this.#pending.size === 0) worker.unref();
    });
    worker.on('error', () => undefined);
    worker.on('exit', () => this.#failAll(worker, 'the expression evaluator stopped'));
    this.#worker = worker;
    return worker;
  }

  async #end(worker: Worker, message: string): Promise<void> {
    this.#failAll(worker, message);
    await worker.terminate();
  }

  #failAll(worker: Worker, message: string): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      pending.reject(new ExpressionFailed(message));
      this.#pending.delete(id);
    }
  }
}

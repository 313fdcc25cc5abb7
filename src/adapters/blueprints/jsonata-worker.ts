import { parentPort } from 'node:worker_threads';
import jsonata from 'jsonata';

// A worker thread that evaluates JSONata: a hostile expression spins here synchronously, and the host ends
// the whole thread at the deadline (the evaluator itself has no way to stop).

export interface EvaluationRequest {
  readonly id: number;
  readonly source: string;
  /** The context as JSON text. */
  readonly context: string;
}

export type EvaluationAnswer =
  | { readonly id: number; readonly ok: true; readonly value: string | undefined }
  | { readonly id: number; readonly ok: false; readonly message: string };

const port = parentPort;
if (!port) throw new Error('jsonata-worker.ts runs as a worker thread');

// Loading jsonata here takes a while on a busy machine: the host starts a deadline only once the thread is ready.
port.postMessage('ready');

port.on('message', async ({ id, source, context }: EvaluationRequest) => {
  try {
    const value: unknown = await jsonata(source).evaluate(JSON.parse(context));
    port.postMessage({
      id,
      ok: true,
      value: value === undefined ? undefined : JSON.stringify(value),
    } satisfies EvaluationAnswer);
  } catch (error) {
    const message = String((error as { message?: unknown }).message ?? error).slice(0, 1000);
    port.postMessage({ id, ok: false, message } satisfies EvaluationAnswer);
  }
});

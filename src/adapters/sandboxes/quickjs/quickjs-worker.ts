import { parentPort } from 'node:worker_threads';
import { getQuickJS } from 'quickjs-emscripten';
import type { SandboxCall, SandboxResult } from '../../../application/sandboxes/ports/sandbox.ts';
import { runInQuickJs } from './run-in-quickjs.ts';

// A worker thread of the sandbox pool: one QuickJS module, one call at a time, each in a fresh runtime.

export interface WorkerRequest {
  readonly id: number;
  readonly call: SandboxCall;
}

export interface WorkerAnswer {
  readonly id: number;
  readonly result: SandboxResult;
}

const quickjs = await getQuickJS();
const port = parentPort;
if (!port) throw new Error('quickjs-worker.ts runs as a worker thread');

port.on('message', ({ id, call }: WorkerRequest) => {
  try {
    port.postMessage({ id, result: runInQuickJs(quickjs, call) } satisfies WorkerAnswer);
  } catch {
    // The WebAssembly module gave out (an assertion while freeing a runtime): answer, then end this thread so
    // that the pool starts a fresh one rather than reuse a module in an unknown state.
    const result: SandboxResult = {
      output: null,
      logs: [],
      error: { name: 'InternalError', message: 'the sandbox failed; try again' },
      durationMs: 0,
    };
    port.postMessage({ id, result } satisfies WorkerAnswer);
    process.exit(1);
  }
});
port.postMessage('ready');

import {
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
  shouldInterruptAfterDeadline,
} from 'quickjs-emscripten';
import type { SandboxCall, SandboxResult } from '../../../application/sandboxes/ports/sandbox.ts';

const MAX_LOG_LINES = 1000;
const MAX_LOG_BYTES = 64 * 1024;
const MAX_OUTPUT_CHARS = 1024 * 1024;
/** Calls `main` after the user's code: JSON in, JSON out (a promise of it, whether `main` is async or not). */
const CALL_MAIN = `
;(async () => {
  if (typeof main !== 'function') throw new TypeError('the code must define function main(input)');
  const output = await main(JSON.parse(globalThis.__sandbox_input));
  return JSON.stringify(output === undefined ? null : output);
})();`;

type Failure = { name: string; message: string };

/**
 * Runs one call in a fresh QuickJS runtime and context (its own heap, capped at `memoryMb`; interrupted at
 * the deadline), disposed afterwards. Synchronous while the code runs: call it off the event loop.
 */
export function runInQuickJs(quickjs: QuickJSWASMModule, call: SandboxCall): SandboxResult {
  const started = performance.now();
  const runtime = quickjs.newRuntime();
  const logs: string[] = [];
  try {
    runtime.setMemoryLimit(call.memoryMb * 1024 * 1024);
    // QuickJS counts its own stack; 256 KiB stays well inside the thread's native stack (1 MiB overflowed it).
    runtime.setMaxStackSize(256 * 1024);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + call.timeoutMs));
    const context = runtime.newContext();
    try {
      installConsole(context, logs);
      const input = context.newString(JSON.stringify(call.input ?? null));
      context.setProp(context.global, '__sandbox_input', input);
      input.dispose();
      const evaluated = context.evalCode(`${call.code}\n${CALL_MAIN}`, 'main.js');
      if (evaluated.error) return finish(started, logs, failureOf(context, evaluated.error, call));
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        evaluated.value.dispose();
        return finish(started, logs, failureOf(context, jobs.error, call));
      }
      const state = context.getPromiseState(evaluated.value);
      evaluated.value.dispose();
      if (state.type === 'pending') {
        return finish(started, logs, { name: 'Error', message: 'main(input) did not settle' });
      }
      if (state.type === 'rejected') {
        const failure = failureOf(context, state.error, call);
        // Out of memory while making the error object, QuickJS throws `null`; by the time it is seen the heap
        // may be free again, so `null` is taken for the memory limit (a `throw null` in main reads the same).
        return finish(started, logs, failure.message === 'null' ? outOfMemory(call) : failure);
      }
      const text = context.dump(state.value) as unknown;
      state.value.dispose();
      if (typeof text !== 'string') {
        return finish(started, logs, { name: 'TypeError', message: 'main(input) returned no JSON value' });
      }
      if (text.length > MAX_OUTPUT_CHARS) {
        return finish(started, logs, { name: 'Error', message: 'the output is over 1 MiB of JSON' });
      }
      return { output: JSON.parse(text), logs, error: null, durationMs: elapsed(started) };
    } finally {
      context.dispose();
    }
  } catch (error) {
    // The runtime itself gave out (its heap exhausted while the host was reading it).
    return finish(
      started,
      logs,
      classify({ name: 'InternalError', message: String((error as Error).message) }, call),
    );
  } finally {
    runtime.dispose();
  }
}

function installConsole(context: QuickJSContext, logs: string[]): void {
  let bytes = 0;
  const log = context.newFunction('log', (...args: QuickJSHandle[]) => {
    if (logs.length >= MAX_LOG_LINES || bytes >= MAX_LOG_BYTES) return;
    const line = args
      .map((arg) => {
        const value = context.dump(arg);
        return typeof value === 'string' ? value : JSON.stringify(value);
      })
      .join(' ')
      .slice(0, MAX_LOG_BYTES - bytes);
    bytes += line.length;
    logs.push(line);
  });
  const console = context.newObject();
  for (const name of ['log', 'info', 'warn', 'error', 'debug']) context.setProp(console, name, log);
  context.setProp(context.global, 'console', console);
  console.dispose();
  log.dispose();
}

function failureOf(context: QuickJSContext, handle: QuickJSHandle, call: SandboxCall): Failure {
  const dumped = context.dump(handle) as { name?: unknown; message?: unknown } | unknown;
  handle.dispose();
  const error =
    typeof dumped === 'object' && dumped !== null
      ? {
          name: String((dumped as Failure).name ?? 'Error'),
          message: String((dumped as Failure).message ?? ''),
        }
      : { name: 'Error', message: String(dumped) };
  return classify(error, call);
}

/** QuickJS says `InternalError: interrupted` at the deadline and `out of memory` at the heap limit. */
function classify(error: Failure, call: SandboxCall): Failure {
  if (error.name === 'InternalError' && error.message === 'interrupted') {
    return { name: 'TimeoutError', message: `main(input) ran longer than ${call.timeoutMs} ms` };
  }
  if (/out of memory/i.test(error.message)) return outOfMemory(call);
  return { name: error.name.slice(0, 100), message: error.message.slice(0, 4096) };
}

const outOfMemory = (call: SandboxCall): Failure => ({
  name: 'MemoryLimitError',
  message: `main(input) needed more than ${call.memoryMb} MB`,
});

function finish(started: number, logs: string[], error: Failure): SandboxResult {
  return { output: null, logs, error, durationMs: elapsed(started) };
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 100) / 100;

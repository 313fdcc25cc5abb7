import { expect } from 'chai';
import { QuickJsSandbox } from '../../../src/adapters/sandboxes/quickjs/quickjs-sandbox.ts';
import type { SandboxCall } from '../../../src/application/sandboxes/ports/sandbox.ts';
import { ServiceUnavailable } from '../../../src/domain/kernel/errors.ts';

const call = (code: string, more: Partial<SandboxCall> = {}): SandboxCall => ({
  code,
  input: null,
  timeoutMs: 1000,
  memoryMb: 16,
  ...more,
});

describe('QuickJS sandbox on worker threads', () => {
  const sandbox = new QuickJsSandbox({ threads: 2, maxQueued: 4 });
  after(() => sandbox.close());

  it('runs main(input), sync or async, JSON in and out, with console.log captured', async () => {
    const sync = await sandbox.run(
      call('function main(input) { console.log("got", input.n, {a: [1]}); return { twice: input.n * 2 } }', {
        input: { n: 21 },
      }),
    );
    expect(sync).to.deep.include({ output: { twice: 42 }, logs: ['got 21 {"a":[1]}'], error: null });
    expect(sync.durationMs).to.be.a('number');
    const later = await sandbox.run(
      call('async function main(x) { await null; return [x, undefined, new Date(0)] }', { input: 'hi' }),
    );
    expect(later).to.deep.include({ output: ['hi', null, '1970-01-01T00:00:00.000Z'], error: null });
    expect((await sandbox.run(call('function main() {}'))).output).to.equal(null);
  });

  it('answers throws, syntax errors, a missing main and a main that never settles as errors', async () => {
    const thrown = await sandbox.run(
      call('function main() { console.log("before"); throw new RangeError("too far") }'),
    );
    expect(thrown).to.deep.include({
      output: null,
      logs: ['before'],
      error: { name: 'RangeError', message: 'too far' },
    });
    expect((await sandbox.run(call('function main( {'))).error?.name).to.equal('SyntaxError');
    expect((await sandbox.run(call('const x = 1'))).error).to.deep.equal({
      name: 'TypeError',
      message: 'the code must define function main(input)',
    });
    expect(
      (await sandbox.run(call('function main() { return new Promise(() => {}) }'))).error?.message,
    ).to.equal('main(input) did not settle');
    expect(
      (await sandbox.run(call('function main() { function f() { return f() } return f() }'))).error?.message,
    ).to.equal('stack overflow');
  });

  it('stops a main that spins at its deadline, sync or async', async () => {
    for (const code of [
      'function main() { while (true) {} }',
      'async function main() { await null; for (;;) {} }',
    ]) {
      const spun = await sandbox.run(call(code, { timeoutMs: 100 }));
      expect(spun).to.deep.include({
        output: null,
        error: { name: 'TimeoutError', message: 'main(input) ran longer than 100 ms' },
      });
    }
  });

  it('stops a main that allocates past its memory limit', async () => {
    const greedy = await sandbox.run(
      call('function main() { const a = []; for (let i = 0; ; i++) a.push({ i, s: [i] }) }', {
        timeoutMs: 10_000,
      }),
    );
    expect(greedy).to.deep.include({
      output: null,
      error: { name: 'MemoryLimitError', message: 'main(input) needed more than 16 MB' },
    });
    const big = await sandbox.run(
      call('function main() { return new Array(1e8).fill(0).length }', { timeoutMs: 10_000 }),
    );
    expect(big.error?.name).to.equal('MemoryLimitError');
  });

  it('gives no way out: no require, process, fetch, timers, WebAssembly or host globals; nothing outlives a call', async () => {
    const probe = await sandbox.run(
      call(`function main() {
        const names = ['require', 'process', 'fetch', 'setTimeout', 'WebAssembly', 'Deno', 'Bun', 'module', 'globalThis.process', 'XMLHttpRequest', 'import.meta'];
        const seen = {};
        seen.require = typeof require; seen.process = typeof process; seen.fetch = typeof fetch;
        seen.setTimeout = typeof setTimeout; seen.WebAssembly = typeof WebAssembly; seen.module = typeof module;
        seen.globalProcess = typeof globalThis.process; seen.ctorProcess = (function () { try { return typeof this.constructor.constructor('return process')() } catch (e) { return e.name } })();
        seen.keys = Object.getOwnPropertyNames(globalThis).filter((k) => !/^[A-Z]/.test(k) && !['globalThis', 'undefined', 'console', 'main', '__sandbox_input', 'eval', 'isNaN', 'isFinite', 'parseInt', 'parseFloat', 'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'escape', 'unescape'].includes(k));
        globalThis.leftOver = 1;
        return seen;
      }`),
    );
    expect(probe.output).to.deep.equal({
      require: 'undefined',
      process: 'undefined',
      fetch: 'undefined',
      setTimeout: 'undefined',
      WebAssembly: 'undefined',
      module: 'undefined',
      globalProcess: 'undefined',
      ctorProcess: 'ReferenceError',
      keys: [],
    });
    const imported = await sandbox.run(call('async function main() { return await import("node:fs") }'));
    expect(imported.error).to.not.equal(null);
    expect((await sandbox.run(call('function main() { return typeof leftOver }'))).output).to.equal(
      'undefined',
    );
  });

  it('keeps spinning calls on their threads: a quick call on a free thread answers at once', async () => {
    const spinner = sandbox.run(call('function main() { while (true) {} }', { timeoutMs: 3000 }));
    const started = performance.now();
    const quick = await sandbox.run(call('function main() { return 1 }'));
    expect(quick.output).to.equal(1);
    expect(performance.now() - started).to.be.below(2500);
    expect((await spinner).error?.name).to.equal('TimeoutError');
  });

  it('refuses calls past its queue with ServiceUnavailable', async () => {
    const spin = () => sandbox.run(call('function main() { while (true) {} }', { timeoutMs: 300 }));
    const running = [spin(), spin()];
    await new Promise((resolve) => setTimeout(resolve, 50));
    const queued = [spin(), spin(), spin(), spin()];
    let refused: unknown;
    await spin().catch((error: unknown) => {
      refused = error;
    });
    expect(refused).to.be.instanceOf(ServiceUnavailable);
    const results = await Promise.all([...running, ...queued]);
    expect(results.map((r) => r.error?.name)).to.deep.equal(Array(6).fill('TimeoutError'));
  });
});

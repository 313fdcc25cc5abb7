import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import Mocha from 'mocha';

/**
 * The dot reporter plus each test file's wall time (its top-level suites, hooks included), written to
 * test-results/timings.json (or TEST_TIMINGS_FILE) sorted by share of the total: what to speed up first.
 * Chosen by TEST_TIMINGS=1 (.mocharc.cjs).
 */
class TimingsReporter extends Mocha.reporters.Dot {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const started = new Map<Mocha.Suite, number>();
    const perFile = new Map<string, number>();
    const runStarted = performance.now();
    runner.on('suite', (suite) => {
      if (suite.parent?.root) started.set(suite, performance.now());
    });
    runner.on('suite end', (suite) => {
      const start = started.get(suite);
      if (start === undefined || !suite.file) return;
      const file = relative(process.cwd(), suite.file);
      perFile.set(file, (perFile.get(file) ?? 0) + performance.now() - start);
    });
    runner.once('end', () => {
      const totalMs = performance.now() - runStarted;
      const files = [...perFile]
        .sort(([, a], [, b]) => b - a)
        .map(([file, ms]) => ({
          file,
          ms: Math.round(ms),
          share: Number((ms / totalMs).toFixed(4)),
        }));
      const path = process.env.TEST_TIMINGS_FILE ?? 'test-results/timings.json';
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, `${JSON.stringify({ totalMs: Math.round(totalMs), files }, null, 2)}\n`);
    });
  }
}

// Mocha loads a reporter with require(): this name makes the class the module's value.
export { TimingsReporter as 'module.exports' };

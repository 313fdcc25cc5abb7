import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import Mocha from 'mocha';

interface Spent {
  readonly ms: number;
  readonly cpuMs: number;
}

const now = (): Spent => {
  const cpu = process.cpuUsage();
  return { ms: performance.now(), cpuMs: (cpu.user + cpu.system) / 1000 };
};

/**
 * The dot reporter plus each test file's wall time (its top-level suites, hooks included) and the CPU time
 * the test process spent meanwhile (steadier than wall time on a shared machine; a child process's or the
 * database's CPU is not in it), written to test-results/timings.json (or TEST_TIMINGS_FILE) sorted by share
 * of the total: what to speed up first. Chosen by TEST_TIMINGS=1 (.mocharc.cjs).
 */
class TimingsReporter extends Mocha.reporters.Dot {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const started = new Map<Mocha.Suite, Spent>();
    const perFile = new Map<string, Spent>();
    const runStarted = now();
    runner.on('suite', (suite) => {
      if (suite.parent?.root) started.set(suite, now());
    });
    runner.on('suite end', (suite) => {
      const start = started.get(suite);
      if (start === undefined || !suite.file) return;
      const file = relative(process.cwd(), suite.file);
      const end = now();
      const before = perFile.get(file) ?? { ms: 0, cpuMs: 0 };
      perFile.set(file, {
        ms: before.ms + end.ms - start.ms,
        cpuMs: before.cpuMs + end.cpuMs - start.cpuMs,
      });
    });
    runner.once('end', () => {
      const end = now();
      const totalMs = end.ms - runStarted.ms;
      const files = [...perFile]
        .sort(([, a], [, b]) => b.ms - a.ms)
        .map(([file, spent]) => ({
          file,
          ms: Math.round(spent.ms),
          cpuMs: Math.round(spent.cpuMs),
          share: Number((spent.ms / totalMs).toFixed(4)),
        }));
      const total = { totalMs: Math.round(totalMs), totalCpuMs: Math.round(end.cpuMs - runStarted.cpuMs) };
      const path = process.env.TEST_TIMINGS_FILE ?? 'test-results/timings.json';
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, `${JSON.stringify({ ...total, files }, null, 2)}\n`);
    });
  }
}

// Mocha loads a reporter with require(): this name makes the class the module's value.
export { TimingsReporter as 'module.exports' };

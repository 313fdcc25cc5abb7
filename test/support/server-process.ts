import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { TEST_COMPILE_CACHE, TEST_RATE_LIMITS } from './test-settings.ts';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** One `node src/main.ts` child: everything it wrote, and its exit once it has exited. */
export class ServerProcess {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(env: Record<string, string>, cwd: string) {
    // A minimal environment: nothing from the developer's shell (or a .env, as cwd is a scratch folder).
    this.child = spawn(process.execPath, [MAIN], {
      cwd,
      env: { PATH: process.env.PATH ?? '', ...TEST_COMPILE_CACHE, ...TEST_RATE_LIMITS, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stdout += chunk;
    });
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    this.exited = once(this.child, 'exit').then(([code, signal]) => ({ code, signal }));
  }

  /** The JSON log lines written to stdout so far (complete lines: a read may end inside one). */
  logs(): Record<string, unknown>[] {
    return this.stdout
      .slice(0, this.stdout.lastIndexOf('\n') + 1)
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** Resolves with the first log line that `match`es, failing on exit or after `ms`. */
  async waitForLog(
    match: (line: Record<string, unknown>) => boolean,
    ms = 15000,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const found = this.logs().find(match);
      if (found) return found;
      if (this.child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no matching log line; stdout:\n${this.stdout}\nstderr:\n${this.stderr}`);
  }

  /** Waits for the exit, killing the process if it takes longer than `ms`. */
  async exit(ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
    const started = performance.now();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), ms);
    const result = await this.exited;
    clearTimeout(timer);
    return { ...result, ms: performance.now() - started };
  }
}

import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * V8's young generation, in MB per semi-space: a cap on what it grows to under load (V8's default is 32 MB a
 * semi-space, two of them). Each halving doubles the scavenges a request rate costs: at 4 MB they took about
 * a tenth of `/api/auth/me`'s CPU, at 16 MB close to the default. The size start-up leaves behind is
 * undone by `compactHeap` once the server listens (see README, "Memory and start-up").
 */
export const SEMI_SPACE_MB = 16;

/**
 * V8's old generation may grow by this percentage of what survived the last full collection before the next
 * one. V8's own factor goes up to 300% when collections look cheap: a long stream (an export, a download) whose
 * pieces outlive a young collection or two then left up to 130 MiB of garbage in the old generation on a busy
 * machine before a full collection came (100,000 runs exported, a 100 MiB download: docs/BENCHMARKS.md). At 30%
 * a full collection comes after some 13 MB of promotions with the server's 42 MB of live heap; under requests
 * little is promoted, so they come rarely, and most of their marking runs beside the program.
 */
export const HEAP_GROWING_PERCENT = 30;

/**
 * glibc's malloc arenas: by default up to eight per core, one taken by each thread that allocates (the libuv
 * pool runs WebCrypto's token verifications and the hashing, V8 its compiler and GC helpers), each keeping the
 * memory it once held. Under load that was 50 to 90 MB more resident memory than with two arenas, for no
 * measurable throughput. Set only when the environment does not choose (musl ignores it).
 */
export const MALLOC_ARENAS = '2';

export interface RelaunchInput {
  readonly execPath: string;
  /** Node's own flags (`process.execArgv`), kept. */
  readonly execArgv: readonly string[];
  /** `process.argv`: the node binary, the script, its arguments. */
  readonly argv: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** Where Node's compile cache goes when the environment chooses none (`privateCompileCacheDir`). */
  readonly compileCacheDir: string | undefined;
}

export interface Relaunch {
  readonly args: string[];
  readonly env: NodeJS.ProcessEnv;
}

/**
 * How `node src/main.ts` becomes the server process: the same command with the V8 flags and the malloc
 * setting above, and Node's compile cache on from the first module (which spares loading the TypeScript
 * stripper, ~17 MB and ~0.3 s, and compiling every module again). Nothing when a `--max-semi-space-size` is
 * already given, in the command or in NODE_OPTIONS: that is the relaunched process, or an operator's own
 * choice. The compile cache follows Node's variables: NODE_COMPILE_CACHE names the folder,
 * NODE_DISABLE_COMPILE_CACHE turns it off.
 */
export function relaunchPlan({
  execPath,
  execArgv,
  argv,
  env,
  compileCacheDir,
}: RelaunchInput): Relaunch | undefined {
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (given.some((flag) => /^--max[-_]semi[-_]space[-_]size\b/.test(flag))) return undefined;
  const cache =
    env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE || !compileCacheDir
      ? {}
      : { NODE_COMPILE_CACHE: compileCacheDir };
  return {
    args: [
      execPath,
      `--max-semi-space-size=${SEMI_SPACE_MB}`,
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
      ...execArgv,
      ...argv.slice(1),
    ],
    env: { MALLOC_ARENA_MAX: MALLOC_ARENAS, ...env, ...cache },
  };
}

/**
 * A compile-cache folder under `base` (the system's temporary folder) that only this user can write, or
 * nothing. The cache holds code Node runs (the stripped TypeScript, V8 code caches) without checking who
 * wrote it, so a folder another user created, or could write to, is not used.
 */
export function privateCompileCacheDir(base: string = tmpdir()): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  const dir = join(base, `platform-api-compile-cache-${uid}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
  }
  // No cache is no reason not to start: a folder that vanished meanwhile is simply not used.
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  return stat?.isDirectory() && stat.uid === uid && (stat.mode & 0o077) === 0 ? dir : undefined;
}

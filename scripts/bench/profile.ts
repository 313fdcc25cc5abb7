// Reads a V8 CPU profile (`node --cpu-prof`, a .cpuprofile JSON file) down to where the time went: self time
// summed per function and script, the largest first.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The parts of the .cpuprofile format used here (Chrome DevTools protocol, Profiler.Profile). */
export interface CpuProfile {
  readonly nodes: ReadonlyArray<{
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  }>;
  readonly startTime: number;
  readonly endTime: number;
  /** The node on top of the stack at each sample. */
  readonly samples?: readonly number[];
  /** Microseconds since the previous sample (the first: since startTime). */
  readonly timeDeltas?: readonly number[];
}

/**
 * The part of a profile to read, in microseconds of the monotonic clock: the profile's own timestamps are on the
 * clock `process.hrtime` reads, in any process of the machine.
 */
export interface TimeWindow {
  readonly from: number;
  readonly to: number;
}

/** Now on the profile's clock, in microseconds. */
export const profileClock = (): number => Number(process.hrtime.bigint() / 1000n);

export interface HotFunction {
  /** The function's name, `(anonymous)` for none; V8's own entries keep theirs: `(garbage collector)`, ... */
  readonly name: string;
  /** Script and line (1-based) of the function's first sampled definition; empty for V8's own entries. */
  readonly location: string;
  readonly selfMs: number;
  /** Share of all sampled time in the window, idle included. */
  readonly share: number;
}

type CallFrame = CpuProfile['nodes'][number]['callFrame'];

/**
 * Self time per function and script, the `top` largest first, of the samples in `window` (all when unset).
 * Sample i lasts until sample i + 1 (the last one until the profile's end), as DevTools counts it.
 */
export function summariseProfile(profile: CpuProfile, top = 15, window?: TimeWindow): HotFunction[] {
  return selfTimes(profile, top, window, (frame) => ({
    key: `${frame.functionName}\u0000${frame.url}`,
    name: frame.functionName || '(anonymous)',
    location: frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : '',
  }));
}

/**
 * Self time per package (`node_modules/<package>`), per folder of the project's own code (`src/adapters/platform/http`),
 * per area of Node's own JavaScript (`node:internal/crypto`), and per name for the rest (V8's entries and native
 * functions).
 */
export function summariseByPackage(profile: CpuProfile, top = 10, window?: TimeWindow): HotFunction[] {
  return selfTimes(profile, top, window, (frame) => {
    const name = frame.url ? packageOf(shortUrl(frame.url)) : frame.functionName || '(native)';
    return { key: name, name, location: '' };
  });
}

function packageOf(path: string): string {
  if (path.startsWith('node_modules/')) {
    const parts = path.split('/');
    return parts.slice(0, parts[1]?.startsWith('@') ? 3 : 2).join('/');
  }
  // Node's own modules by area: node:internal/crypto, node:internal/modules (loading), node:fs, ...
  if (path.startsWith('node:')) return path.split('/').slice(0, 2).join('/');
  // The project's own code by the folder of the file: an area's part (src/adapters/runs/postgres) or a
  // platform mechanism (src/adapters/platform/http).
  return path.split('/').slice(0, -1).join('/') || path;
}

function selfTimes(
  profile: CpuProfile,
  top: number,
  window: TimeWindow | undefined,
  group: (frame: CallFrame) => { key: string; name: string; location: string },
): HotFunction[] {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const totals = new Map<string, { name: string; location: string; micros: number }>();
  let sampleTime = profile.startTime;
  let all = 0;
  for (let i = 0; i < samples.length; i++) {
    sampleTime += deltas[i] ?? 0;
    const next = i + 1 < samples.length ? sampleTime + (deltas[i + 1] ?? 0) : profile.endTime;
    const micros = Math.max(0, next - sampleTime);
    const frame = frames.get(samples[i] as number);
    if (!frame || (window && (sampleTime < window.from || sampleTime > window.to))) continue;
    all += micros;
    const { key, name, location } = group(frame);
    const entry = totals.get(key) ?? { name, location, micros: 0 };
    entry.micros += micros;
    totals.set(key, entry);
  }
  return [...totals.values()]
    .sort((a, b) => b.micros - a.micros)
    .slice(0, top)
    .map((e) => ({
      name: e.name,
      location: e.location,
      selfMs: Math.round(e.micros / 100) / 10,
      share: all > 0 ? Math.round((e.micros / all) * 1000) / 1000 : 0,
    }));
}

/** A script's address made short: the path under node_modules, or the project's own path, else as is. */
export function shortUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) return path.slice(modules + 1);
  const cwd = `${process.cwd()}/`;
  return path.startsWith(cwd) ? path.slice(cwd.length) : path;
}

/** The summary printed after a profiled run. */
export function formatProfile(hot: readonly HotFunction[]): string {
  return hot
    .map(
      (h) =>
        `${(h.share * 100).toFixed(1).padStart(5)}%  ${String(h.selfMs).padStart(9)} ms  ${h.name}  ${h.location}`,
    )
    .join('\n');
}

/**
 * The profile process `pid` wrote into `dir` (node names it CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile).
 * The server may write more than one (a worker thread's, a second of the main thread's): the one that covers
 * the measured runs is the one with the most samples.
 */
export async function profileOf(dir: string, pid: number): Promise<{ file: string; profile: CpuProfile }> {
  const names = (await readdir(dir)).filter(
    (n) => n.startsWith('CPU.') && n.includes(`.${pid}.`) && n.endsWith('.cpuprofile'),
  );
  let chosen: { file: string; profile: CpuProfile } | undefined;
  for (const name of names) {
    const file = join(dir, name);
    const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
    if (!chosen || (profile.samples?.length ?? 0) > (chosen.profile.samples?.length ?? 0))
      chosen = { file, profile };
  }
  if (!chosen) throw new Error(`no .cpuprofile of process ${pid} in ${dir}`);
  return chosen;
}

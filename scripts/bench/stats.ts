// The figures of the benchmark: one autocannon run reduced to what is reported, the median of a scenario's
// runs, its ratio to the ceiling, and the printed table.
import type { Result } from 'autocannon';

/** One measured run of a scenario. */
export interface RunFigures {
  /** Successful operations per second (what counts as one is the scenario's: a 2xx answer, a 202 for ingest, ...). */
  readonly rps: number;
  readonly p50_ms: number;
  readonly p99_ms: number;
  readonly non_2xx: number;
  readonly errors: number;
}

export interface ScenarioFigures extends RunFigures {
  /** rps over the ceiling's rps in the same run (null without a ceiling, and for paced scenarios). */
  readonly ratio: number | null;
  /** Cores of CPU the server used over the measured runs (1 = one core busy throughout). */
  readonly server_cpu: number;
  /**
   * CPU microseconds per operation of the process answering it (the server; the ceiling or floors process for
   * their rows): less moved by a busy machine than a rate, since waiting for a core costs no CPU time.
   */
  readonly cpu_us: number | null;
}

/** Reduces one autocannon result; `operations` is what the scenario counts (its 2xx answers when unset). */
export function runFigures(result: Result, operations?: number): RunFigures {
  return {
    rps: (operations ?? result.requests.total - result.non2xx) / result.duration,
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** `rps` as a share of `ceiling`, to 3 decimals; null when there is no ceiling to compare with. */
export function ratio(rps: number, ceiling: number | undefined): number | null {
  if (!ceiling || !Number.isFinite(ceiling) || ceiling <= 0) return null;
  return Math.round((rps / ceiling) * 1000) / 1000;
}

/**
 * A scenario's figures over its runs: the median of each rate and latency (each on its own), and the failures
 * of all runs added up, so a single failing run still shows.
 */
export function summarise(runs: readonly RunFigures[]): RunFigures {
  return {
    rps: Math.round(median(runs.map((r) => r.rps))),
    p50_ms: median(runs.map((r) => r.p50_ms)),
    p99_ms: median(runs.map((r) => r.p99_ms)),
    non_2xx: runs.reduce((sum, r) => sum + r.non_2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

/** The table printed at the end: one line per scenario, columns aligned. */
export function formatTable(rows: ReadonlyArray<readonly [string, ScenarioFigures]>): string {
  const header = [
    'scenario',
    'rps',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'errors',
    'ratio',
    'server CPU',
    'CPU µs/op',
  ];
  const lines = rows.map(([name, f]) => [
    name,
    String(f.rps),
    String(f.p50_ms),
    String(f.p99_ms),
    String(f.non_2xx),
    String(f.errors),
    f.ratio === null ? '-' : `${(f.ratio * 100).toFixed(1)}%`,
    f.server_cpu.toFixed(2),
    f.cpu_us === null ? '-' : String(f.cpu_us),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const pad = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join('  ');
  return [pad(header), ...lines.map(pad)].join('\n');
}

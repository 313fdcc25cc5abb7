// What a benchmark run writes: the machine it ran on and every figure, as bench/results/latest.json.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { dirname } from 'node:path';
import type { BenchOptions } from './flags.ts';
import type { Verdict } from './goals.ts';
import type { Argon2Bound } from './processes.ts';
import type { ScenarioFigures } from './stats.ts';

export interface Results {
  readonly scenarios: Record<string, ScenarioFigures>;
  readonly argon2id_bound: Argon2Bound | null;
  /** login's rps over the argon2id bound. */
  readonly login_to_argon2id_bound: number | null;
  /** Issue 27's goals with their verdicts. */
  readonly goals: readonly Verdict[];
  readonly memory: { readonly idle_rss_mb: number; readonly peak_rss_mb: number };
  /** Spawn to the first 200 of /readyz, on an existing, migrated database. */
  readonly ready_ms: number;
}

export function machine() {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  return {
    nproc: availableParallelism(),
    cpu_model: /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? 'unknown',
    node: process.version,
    /** The 1, 5 and 15 minute load averages when the results were written: how busy the machine was. */
    load_average: loadavg().map((load) => Math.round(load * 100) / 100),
  };
}

export async function writeResults(options: BenchOptions, database: string, results: Results): Promise<void> {
  const document = {
    measured_at: new Date().toISOString(),
    machine: machine(),
    database,
    settings: {
      duration_s: options.duration,
      warmup_s: options.warmup,
      runs: options.runs,
      connections: options.connections,
      workers: options.workers,
      claim_batch: options.claimBatch,
      during_login_rate: options.duringLoginRate,
    },
    ...results,
  };
  await mkdir(dirname(options.output), { recursive: true });
  await writeFile(options.output, `${JSON.stringify(document, null, 2)}\n`);
}

export const mebibytes = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

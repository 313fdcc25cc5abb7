import type { Counter, Histogram, Metrics } from '../../../application/kernel/ports/metrics.ts';
import type { ClaimRuns } from '../../../application/runs/claim-runs.ts';
import type { RunTransitions } from '../../../application/runs/run-transitions.ts';
import type { StartRun } from '../../../application/runs/start-run.ts';
import type { Run } from '../../../domain/runs/run.ts';
import type { RunStatus } from '../../../domain/runs/run-status.ts';
import { observed } from '../../platform/metrics/outcomes.ts';

/** The runs area's metrics (a later area that queues runs, webhook intake, counts them here too). */
export interface RunMetrics {
  /** `from` is `none` for a new run; both are run statuses, a fixed set. */
  readonly transitions: Counter<'from' | 'to'>;
  readonly claimWait: Histogram<never>;
  readonly claimDuration: Histogram<'outcome'>;
}

export function runMetrics(metrics: Metrics): RunMetrics {
  return {
    transitions: metrics.counter({
      name: 'runs_transitions_total',
      help: 'Run status changes, from and to (from "none": a new run)',
      labelNames: ['from', 'to'],
    }),
    claimWait: metrics.histogram({
      name: 'runs_claim_latency_seconds',
      help: 'Time a run spent from being queued to being claimed by a worker',
      labelNames: [],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    }),
    claimDuration: metrics.histogram({
      name: 'runs_claim_duration_seconds',
      help: 'Time a worker claim call took to answer, by outcome',
      labelNames: ['outcome'],
    }),
  };
}

/** A new run counted as `none -> queued`. */
export function queued({ transitions }: RunMetrics, run: Pick<Run, 'status'>): void {
  transitions.inc({ from: 'none', to: run.status });
}

export function countedStartRun(startRun: StartRun, instruments: RunMetrics): StartRun {
  return observed(startRun, (_outcome, _seconds, run) => {
    if (run) queued(instruments, run);
  });
}

export function countedClaimRuns(claimRuns: ClaimRuns, instruments: RunMetrics): ClaimRuns {
  return observed(claimRuns, (outcome, seconds, runs) => claimed(instruments, outcome, seconds, runs ?? []));
}

function claimed(instruments: RunMetrics, outcome: string, seconds: number, runs: readonly Run[]): void {
  instruments.claimDuration.observe({ outcome }, seconds);
  for (const run of runs) {
    instruments.transitions.inc({ from: 'queued', to: run.status });
    if (run.startedAt) {
      instruments.claimWait.observe(
        {},
        Math.max(0, run.startedAt.getTime() - run.createdAt.getTime()) / 1000,
      );
    }
  }
}

/** Every status change made through `RunTransitions` (completions, cancellations, lease expiries), counted. */
export function countedRunTransitions(inner: RunTransitions, { transitions }: RunMetrics): RunTransitions {
  return {
    async change(runId, change) {
      let from: RunStatus | undefined;
      const run = await inner.change(runId, (locked) => {
        from = locked.status;
        change(locked);
      });
      if (run && from && from !== run.status) transitions.inc({ from, to: run.status });
      return run;
    },
    async expireLeases(now, options, expire) {
      const runs = await inner.expireLeases(now, options, expire);
      for (const run of runs) transitions.inc({ from: 'running', to: run.status });
      return runs;
    },
  };
}

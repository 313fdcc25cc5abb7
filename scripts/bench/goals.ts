// The goals of issue 27, each read from one run: a rate over its floor or ceiling measured beside it (so a slower
// or busier machine does not move the verdict), or an absolute figure where the goal is one (a latency, a
// memory size, the worker protocol's cycles, which has no floor here).
import type { ScenarioFigures } from './stats.ts';

export interface Verdict {
  readonly goal: string;
  /** The figure, as printed: `0.62x floor_me_cached (2,480 / 4,000/s)`, `31 ms`, ... */
  readonly measured: string;
  /** Null when the run did not measure what the goal needs. */
  readonly holds: boolean | null;
}

export interface GoalInputs {
  readonly rows: ReadonlyMap<string, ScenarioFigures>;
  readonly argon2Bound: number | null;
  readonly idleRssMiB: number;
  readonly claimBatch: number;
}

export function verdicts({ rows, argon2Bound, idleRssMiB, claimBatch }: GoalInputs): Verdict[] {
  const rps = (name: string) => rows.get(name)?.rps;
  const times = (name: string, over: string, label: string, at: number): Verdict => {
    const [a, b] = [rps(name), rps(over)];
    if (a === undefined || b === undefined || b <= 0)
      return { goal: `${name} >= ${at}x ${label}`, measured: '-', holds: null };
    const r = a / b;
    return {
      goal: `${name} >= ${at}x ${label}`,
      measured: `${r.toFixed(2)}x (${a} / ${b}/s)`,
      holds: r >= at,
    };
  };
  const duringLogin = rows.get('me_during_login')?.p99_ms;
  const claims = rps('claim_complete');
  const claimGoal = claimBatch >= 10 ? 1500 : 500;
  const login = rps('login');
  return [
    times('healthz', 'ceiling:healthz', 'the bare Koa ceiling', 0.7),
    times('me', 'floor_me_cached', 'the cached-session floor', 0.7),
    times('ingest_1k', 'floor_ingest_1k', 'the one-INSERT floor', 2),
    times('ingest_64k', 'floor_ingest_64k', 'the one-INSERT floor', 3),
    login === undefined || !argon2Bound
      ? { goal: 'login >= 80% of the argon2id bound', measured: '-', holds: null }
      : {
          goal: 'login >= 80% of the argon2id bound',
          measured: `${((login / argon2Bound) * 100).toFixed(1)}% (${login} / ${argon2Bound}/s)`,
          holds: login / argon2Bound >= 0.8,
        },
    {
      goal: '/me p99 during a login flood <= 25 ms',
      measured: duringLogin === undefined ? '-' : `${duringLogin} ms`,
      holds: duringLogin === undefined ? null : duringLogin <= 25,
    },
    {
      goal: `claim + complete >= ${claimGoal} cycles/s (max_runs ${claimBatch}; no floor: absolute)`,
      measured: claims === undefined ? '-' : `${claims}/s`,
      holds: claims === undefined ? null : claims >= claimGoal,
    },
    { goal: 'idle RSS <= 120 MB', measured: `${idleRssMiB} MiB`, holds: idleRssMiB * 1.048576 <= 120 },
  ];
}

export function formatVerdicts(list: readonly Verdict[]): string {
  const width = Math.max(...list.map((v) => v.goal.length));
  const word = (holds: boolean | null) => (holds === null ? 'not measured' : holds ? 'holds' : 'falls short');
  return list.map((v) => `${v.goal.padEnd(width)}  ${v.measured.padStart(28)}  ${word(v.holds)}`).join('\n');
}

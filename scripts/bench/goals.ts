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
  /**
   * `name` at least `at` times `over`. By `rate`: operations per second, what the goal says. By `cpu`: the
   * inverse ratio of CPU µs per operation, what the rates would show with each process owning a core; used
   * for the request path's fixed cost, since on a loaded machine (or with the load generator on the same
   * cores) both rates are bounded by the client, not the server, and their ratio says little.
   */
  const times = (name: string, over: string, label: string, at: number, by: 'rate' | 'cpu'): Verdict => {
    const goal = `${name} >= ${at}x ${label}${by === 'cpu' ? ' (by CPU µs/op)' : ''}`;
    const [a, b] = [rows.get(name), rows.get(over)];
    if (!a || !b || b.rps <= 0) return { goal, measured: '-', holds: null };
    const byRate = a.rps / b.rps;
    const byCpu = a.cpu_us && b.cpu_us ? b.cpu_us / a.cpu_us : null;
    const rate = `${byRate.toFixed(2)}x (${a.rps} / ${b.rps}/s)`;
    const cpu = byCpu === null ? '' : `${byCpu.toFixed(2)}x (${b.cpu_us} / ${a.cpu_us} µs)`;
    const judged = by === 'cpu' ? byCpu : byRate;
    return {
      goal,
      measured: by === 'cpu' ? `${cpu}; by rate ${rate}` : rate,
      holds: judged === null ? null : judged >= at,
    };
  };
  const duringLogin = rows.get('me_during_login')?.p99_ms;
  const claims = rps('claim_complete');
  const claimGoal = claimBatch >= 10 ? 1500 : 500;
  const login = rps('login');
  return [
    times('healthz', 'ceiling:healthz', 'the bare Koa ceiling', 0.7, 'cpu'),
    times('me', 'floor_me_cached', 'the cached-session floor', 0.7, 'cpu'),
    // Ingest waits on commits (fdatasync), not on CPU: its rate is the figure.
    times('ingest_1k', 'floor_ingest_1k', 'the one-INSERT floor', 2, 'rate'),
    times('ingest_64k', 'floor_ingest_64k', 'the one-INSERT floor', 3, 'rate'),
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
  return list.map((v) => `${v.goal.padEnd(width)}  ${v.measured.padStart(48)}  ${word(v.holds)}`).join('\n');
}

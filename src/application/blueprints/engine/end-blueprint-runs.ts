import type { Clock } from '../../kernel/ports/clock.ts';
import type { RunRepository, RunTransitions } from '../../runs/index.ts';
import type { AdvanceRun } from './advance-run.ts';

export type TimeOutBlueprintRuns = (limit: number) => Promise<number>;

/** Running blueprint runs past their mission's `timeout_seconds` fail (`timeout`); their children are cancelled. */
export function makeTimeOutBlueprintRuns(deps: {
  runs: RunRepository;
  advanceRun: AdvanceRun;
  cancelChildRuns: CancelChildRuns;
  clock: Clock;
}): TimeOutBlueprintRuns {
  return async (limit) => {
    const ids = await deps.runs.serverRunsPastTimeout(deps.clock.now(), limit);
    for (const id of ids) {
      const children = await deps.advanceRun(id, (_steps, run) => {
        if (run.status !== 'running' || run.timeoutAt === null || run.timeoutAt > deps.clock.now())
          return undefined;
        const message = `the run ran past its ${run.policy.timeoutSeconds} s timeout`;
        return { status: 'failed', error: { code: 'timeout', message } };
      });
      await deps.cancelChildRuns(children);
    }
    return ids.length;
  };
}

export type CancelChildRuns = (runIds: readonly string[]) => Promise<void>;

/** Cancels unfinished child runs of a run that ended (each in its own transaction; finished ones stay). */
export function makeCancelChildRuns(deps: { runTransitions: RunTransitions; clock: Clock }): CancelChildRuns {
  return async (runIds) => {
    for (const id of runIds) {
      await deps.runTransitions.change(id, (run) => {
        if (run.status === 'queued' || run.status === 'running') run.cancel(deps.clock.now());
      });
    }
  };
}

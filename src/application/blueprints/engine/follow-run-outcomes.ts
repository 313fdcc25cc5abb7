import type { Run } from '../../../domain/runs/index.ts';
import type { Clock } from '../../kernel/ports/clock.ts';
import type { RunEventRepository, RunOutcomeListener } from '../../runs/index.ts';
import type { StepRepository } from '../ports/step-repository.ts';
import { stepEvents } from './step-events.ts';

/** Told of child runs to cancel: the engine cancels them after the commit (never under its parent's locks). */
export type ChildRunsToCancel = (runIds: readonly string[]) => void;

/**
 * The engine's run outcome listener (in the transaction that finished the run, which holds the run's row, so
 * its steps are locked after it, in the engine's order). A finished child run makes its step due: the engine
 * collects it at once. A blueprint run that ended by cancellation cancels its unfinished steps, and their
 * child runs are cancelled after the commit.
 */
export function makeFollowRunOutcomes(deps: {
  steps: StepRepository;
  runEvents: RunEventRepository;
  clock: Clock;
  childRunsToCancel: ChildRunsToCancel;
  nudge: () => void;
}): RunOutcomeListener {
  return async (run: Run) => {
    const now = deps.clock.now();
    if (run.parentRunId !== null && run.stepId !== null) {
      const steps = await deps.steps.lockRun(run.parentRunId);
      steps.find((s) => s.nodeId === run.stepId)?.childFinished(run.id, run.stepIndex, now);
      await deps.steps.save(steps);
      deps.nudge();
    }
    if (!run.carriedByServer || run.status !== 'cancelled') return;
    const steps = await deps.steps.lockRun(run.id);
    const before = new Map(steps.map((step) => [step.nodeId, step.status]));
    for (const step of steps) step.cancel(now);
    await deps.steps.save(steps);
    const events = stepEvents(steps, before, now);
    if (events.length > 0) await deps.runEvents.append(run.id, events, () => {});
    deps.childRunsToCancel(steps.flatMap((step) => (step.status === 'cancelled' ? step.childRunIds : [])));
  };
}

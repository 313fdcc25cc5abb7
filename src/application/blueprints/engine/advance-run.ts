import type { Step } from '../../../domain/blueprints/step.ts';
import type { Outcome, Run } from '../../../domain/runs/index.ts';
import type { Clock } from '../../kernel/ports/clock.ts';
import type { UnitOfWork } from '../../kernel/ports/unit-of-work.ts';
import type { RunEventRepository, RunRepository, RunTransitions } from '../../runs/index.ts';
import type { ExpressionLanguage } from '../ports/expression-language.ts';
import type { StepRepository } from '../ports/step-repository.ts';
import type { RunGraphs } from './run-graphs.ts';
import { planRun } from './run-plan.ts';
import { stepEvents } from './step-events.ts';

/**
 * What changes a run's steps: `change` (a step's result, a start) applied to them, then, while the run is
 * running, the plan that follows (run-plan.ts). It may return an outcome that ends the run at once (its time
 * limit). Returns the child runs of the run's unfinished steps once it ended (the caller cancels them after
 * the commit: cancelling them here would lock child runs while holding their parent's steps).
 */
export type AdvanceRun = (
  runId: string,
  change: (steps: Step[], run: Run) => Promise<Outcome | undefined> | Outcome | undefined,
) => Promise<string[]>;

export interface AdvanceDeps {
  readonly unitOfWork: UnitOfWork;
  readonly runs: RunRepository;
  readonly runTransitions: RunTransitions;
  readonly runEvents: RunEventRepository;
  readonly steps: StepRepository;
  readonly runGraphs: RunGraphs;
  readonly expressions: ExpressionLanguage;
  readonly clock: Clock;
}

/**
 * In one transaction, in one lock order (the run's row, then its steps: the run outcome listener and every
 * engine path take them so), so that a step's result and what depends on it commit together: the steps that
 * become ready, the `step` events, and the run's end.
 */
export function makeAdvanceRun(deps: AdvanceDeps): AdvanceRun {
  return (runId, change) =>
    deps.unitOfWork.transaction(async () => {
      const run = await deps.runs.findLocked(runId);
      if (!run) return [];
      const steps = await deps.steps.lockRun(runId);
      const before = new Map(steps.map((step) => [step.nodeId, step.status]));
      const now = deps.clock.now();
      let outcome = await change(steps, run);
      const settled = new Set<string>();
      if (outcome) for (const step of steps) step.cancel(now);
      else if (run.status === 'running') {
        const graph = await deps.runGraphs.graphOf(run);
        outcome = await planRun(deps, graph, run.input, steps, now, settled);
      }
      await deps.steps.save(steps);
      const events = stepEvents(steps, before, now, settled);
      if (events.length > 0) await deps.runEvents.append(runId, events, () => {});
      if (outcome && run.status === 'running') {
        const ended = outcome;
        await deps.runTransitions.change(runId, (locked) => locked.conclude(ended, now));
      }
      if (!outcome) return [];
      return steps.flatMap((step) => (step.status === 'cancelled' ? step.childRunIds : []));
    });
}

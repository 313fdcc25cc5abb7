import type { Clock } from '../../kernel/ports/clock.ts';
import type { RunEventRepository } from '../../runs/index.ts';
import type { StepRepository } from '../ports/step-repository.ts';
import type { TakenStep } from './carry-out-step.ts';
import { stepEvents } from './step-events.ts';

/** How long an instance holds a step it acts on before another may take it over (renewed while it works). */
export const STEP_LEASE_SECONDS = 10;

export type TakeDueSteps = (limit: number) => Promise<TakenStep[]>;

/**
 * Takes up to `limit` due steps (skipping those other instances hold) and, in the same transaction, starts
 * the pending ones (their start commits before the node is carried out: a step whose start committed is
 * never started again for the same attempt) and leases the others to this instance.
 */
export function makeTakeDueSteps(deps: {
  steps: StepRepository;
  runEvents: RunEventRepository;
  clock: Clock;
}): TakeDueSteps {
  return async (limit) => {
    const now = deps.clock.now();
    const leaseEnd = new Date(now.getTime() + STEP_LEASE_SECONDS * 1000);
    const taken: TakenStep[] = [];
    const steps = await deps.steps.takeDue(now, limit, (step) => {
      taken.push({ step, was: step.status });
      if (step.status === 'pending') step.start(now, leaseEnd);
      else step.lease(leaseEnd);
    });
    // After the commit, in their own transactions: an append locks the run's row, which is taken before its
    // steps' everywhere else.
    for (const { step, was } of taken) {
      if (was !== 'pending' || !steps.includes(step)) continue;
      await deps.runEvents.append(
        step.runId,
        stepEvents([step], new Map([[step.nodeId, was]]), now),
        () => {},
      );
    }
    return taken;
  };
}

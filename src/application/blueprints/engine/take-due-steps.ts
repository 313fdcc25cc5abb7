import type { Clock } from '../../kernel/ports/clock.ts';
import type { StepRepository } from '../ports/step-repository.ts';
import type { TakenStep } from './carry-out-step.ts';

/** How long an instance holds a step it acts on before another may take it over (renewed while it works). */
export const STEP_LEASE_SECONDS = 10;

export type TakeDueSteps = (limit: number) => Promise<TakenStep[]>;

/**
 * Takes up to `limit` due steps (skipping those other instances hold) and, in the same transaction, starts
 * the pending ones (their start commits before the node is carried out: a step whose start committed is
 * never started again for the same attempt) and leases the others to this instance. The `running` event of a
 * started step is appended by carry-out-step.ts, in its own transaction: an append locks the run's row,
 * which is taken before its steps' everywhere else.
 */
export function makeTakeDueSteps(deps: { steps: StepRepository; clock: Clock }): TakeDueSteps {
  return async (limit) => {
    const now = deps.clock.now();
    const leaseEnd = new Date(now.getTime() + STEP_LEASE_SECONDS * 1000);
    const taken: TakenStep[] = [];
    const steps = await deps.steps.takeDue(now, limit, (step) => {
      taken.push({ step, was: step.status });
      if (step.status === 'pending') step.start(now, leaseEnd);
      else step.lease(leaseEnd);
    });
    return taken.filter(({ step }) => steps.includes(step));
  };
}

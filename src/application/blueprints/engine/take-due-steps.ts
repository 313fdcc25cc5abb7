import type { StepStatus } from '../../../domain/blueprints/step.ts';
import type { Clock } from '../../kernel/ports/clock.ts';
import type { UnitOfWork } from '../../kernel/ports/unit-of-work.ts';
import type { RunEventRepository } from '../../runs/index.ts';
import type { StepRepository } from '../ports/step-repository.ts';
import type { TakenStep } from './carry-out-step.ts';
import { stepEvents } from './step-events.ts';

export type TakeDueSteps = (limit: number) => Promise<TakenStep[]>;

/**
 * Takes up to `limit` due steps (skipping those other instances hold) and, in the same transaction, starts
 * the pending ones (their start commits before the node is carried out: a step whose start committed is
 * never started again for the same attempt) with their `running` events, and leases the others to this
 * instance. `takeDue` also holds the steps' runs (skipping steps whose run another transaction holds), so
 * appending the events here, which locks the run's row, never waits while holding steps: the lock order of
 * every other path (the run's row, then its steps) cannot deadlock with it. The lease lasts `leaseSeconds`
 * (BLUEPRINT_ENGINE_LEASE_SECONDS): the time before another instance may take the step over, renewed while this
 * one works on it.
 */
export function makeTakeDueSteps(
  deps: {
    steps: StepRepository;
    runEvents: RunEventRepository;
    unitOfWork: UnitOfWork;
    clock: Clock;
  },
  leaseSeconds: number,
): TakeDueSteps {
  return (limit) =>
    deps.unitOfWork.transaction(async () => {
      const now = deps.clock.now();
      const leaseEnd = new Date(now.getTime() + leaseSeconds * 1000);
      const taken: TakenStep[] = [];
      const steps = await deps.steps.takeDue(now, limit, (step) => {
        taken.push({ step, was: step.status });
        if (step.status === 'pending') step.start(now, leaseEnd);
        else step.lease(leaseEnd);
      });
      const took = taken.filter(({ step }) => steps.includes(step));
      const started = new Map<string, TakenStep[]>();
      for (const one of took) {
        if (one.was === 'pending') started.set(one.step.runId, [...(started.get(one.step.runId) ?? []), one]);
      }
      for (const [runId, ones] of started) {
        const before = new Map<string, StepStatus>(ones.map(({ step }) => [step.nodeId, 'pending']));
        const events = stepEvents(
          ones.map(({ step }) => step),
          before,
          now,
        );
        await deps.runEvents.append(runId, events, () => {});
      }
      return took;
    });
}

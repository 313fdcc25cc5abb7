import type { StepKey, StepRepository } from '../../../application/blueprints/ports/step-repository.ts';
import { Step } from '../../../domain/blueprints/step.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { runTables } from '../../runs/index.ts';

/** The steps of blueprint runs, keyed by run and node; they go with their run. */
export const stepTables = inMemoryTables((store) => {
  const steps = store.table(
    (step: Step) => `${step.runId}/${step.nodeId}`,
    (step) => new Step(step),
  );
  steps.cascadeFrom(runTables(store).runs, (step) => step.runId);
  return { steps };
});

/**
 * Steps in the store. The store runs one transaction at a time, so `lockRun` need lock nothing, and `takeDue`
 * reads and changes its steps in one synchronous step.
 */
export class InMemoryStepRepository extends inMemoryRepository(stepTables) implements StepRepository {
  add(steps: readonly Step[]): Promise<void> {
    return this.atomically(({ steps: table }) => {
      for (const step of steps) table.put(stored(step));
    });
  }

  listForRun(runId: string): Promise<Step[]> {
    return this.atomically(({ steps }) =>
      steps.filter((step) => step.runId === runId).sort((a, b) => a.position - b.position),
    );
  }

  lockRun(runId: string): Promise<Step[]> {
    return this.listForRun(runId);
  }

  save(steps: readonly Step[]): Promise<void> {
    return this.atomically(({ steps: table }) => {
      for (const step of steps) if (step.changed) table.put(stored(step));
    });
  }

  takeDue(now: Date, limit: number, take: (step: Step) => void): Promise<Step[]> {
    return this.atomically(({ steps }) =>
      steps
        .filter((step) => step.dueAt !== null && step.dueAt <= now)
        .sort((a, b) => (a.dueAt?.getTime() ?? 0) - (b.dueAt?.getTime() ?? 0))
        .slice(0, limit)
        .map((step) => {
          take(step);
          steps.put(stored(step));
          return step;
        }),
    );
  }

  renewLeases(keys: readonly StepKey[], leaseEnd: Date): Promise<void> {
    return this.atomically(({ steps }) => {
      for (const { runId, nodeId } of keys) {
        steps.update(`${runId}/${nodeId}`, (step) => {
          if (step.status === 'running' && step.childRunId === null && step.mapChildren === null)
            step.dueAt = leaseEnd;
        });
      }
    });
  }
}

/** The step as stored: not marked changed. */
function stored(step: Step): Step {
  const copy = new Step(step);
  copy.changed = false;
  return copy;
}

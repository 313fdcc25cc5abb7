import type { StepKey, StepRepository } from '../../../application/blueprints/ports/step-repository.ts';
import type { Metrics } from '../../../application/kernel/ports/metrics.ts';
import type { Step, StepStatus } from '../../../domain/blueprints/step.ts';

/** What a step's stored change counts as: the status it finished with, or `retried` (pending for another attempt). */
type StepOutcome = 'succeeded' | 'failed' | 'skipped' | 'cancelled' | 'retried';

/**
 * The steps of blueprint runs, each step's end counted by node kind and outcome (`succeeded`, `failed`,
 * `skipped`, `cancelled`, and `retried` for a failed attempt that another follows) as the engine stores it.
 * The status a step had when loaded is remembered with it, so a step stored again unchanged counts nothing.
 * Kinds and outcomes are fixed sets: never a node id, a run or a blueprint.
 */
export class CountedStepRepository implements StepRepository {
  readonly #inner: StepRepository;
  readonly #steps;
  readonly #loaded = new WeakMap<Step, StepStatus>();

  constructor(inner: StepRepository, metrics: Metrics) {
    this.#inner = inner;
    this.#steps = metrics.counter({
      name: 'blueprint_steps_total',
      help: 'Blueprint steps ended, by node kind and outcome (retried: a failed attempt another follows)',
      labelNames: ['kind', 'outcome'],
    });
  }

  add(steps: readonly Step[]): Promise<void> {
    this.#remember(steps);
    return this.#inner.add(steps);
  }

  async listForRun(runId: string): Promise<Step[]> {
    return this.#remember(await this.#inner.listForRun(runId));
  }

  async lockRun(runId: string): Promise<Step[]> {
    return this.#remember(await this.#inner.lockRun(runId));
  }

  async save(steps: readonly Step[]): Promise<void> {
    await this.#inner.save(steps);
    for (const step of steps) {
      const before = this.#loaded.get(step);
      const outcome = outcomeOf(before, step);
      if (outcome) this.#steps.inc({ kind: step.kind, outcome });
      this.#loaded.set(step, step.status);
    }
  }

  async takeDue(now: Date, limit: number, take: (step: Step) => void): Promise<Step[]> {
    return this.#remember(await this.#inner.takeDue(now, limit, take));
  }

  renewLeases(keys: readonly StepKey[], leaseEnd: Date): Promise<void> {
    return this.#inner.renewLeases(keys, leaseEnd);
  }

  #remember(steps: Step[]): Step[];
  #remember(steps: readonly Step[]): readonly Step[];
  #remember(steps: readonly Step[]): readonly Step[] {
    for (const step of steps) this.#loaded.set(step, step.status);
    return steps;
  }
}

function outcomeOf(before: StepStatus | undefined, step: Step): StepOutcome | undefined {
  if (before === undefined || before === step.status) return undefined;
  if (before === 'running' && step.status === 'pending') return 'retried';
  if (
    step.status === 'succeeded' ||
    step.status === 'failed' ||
    step.status === 'skipped' ||
    step.status === 'cancelled'
  ) {
    return step.status;
  }
  return undefined;
}

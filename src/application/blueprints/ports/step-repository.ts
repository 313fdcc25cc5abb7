import type { Step } from '../../../domain/blueprints/step.ts';

/** Identifies one step: its run and node. */
export interface StepKey {
  readonly runId: string;
  readonly nodeId: string;
}

/**
 * The steps of blueprint runs. Every method joins the surrounding `UnitOfWork` transaction. The engine
 * advances one run at a time: `lockRun` holds every step of the run until the transaction ends, and
 * `takeDue` skips steps another transaction holds, so no two instances act on one step at once.
 */
export interface StepRepository {
  /** Stores the steps of a run that starts. */
  add(steps: readonly Step[]): Promise<void>;
  /** The run's steps in graph order, without locking them. */
  listForRun(runId: string): Promise<Step[]>;
  /** Locks the run's steps (in graph order, so two lockers never deadlock) until the transaction ends. */
  lockRun(runId: string): Promise<Step[]>;
  /** Stores the steps that changed since they were loaded (`step.changed`). */
  save(steps: readonly Step[]): Promise<void>;
  /**
   * Locks up to `limit` steps whose `dueAt` has passed (earliest first) and their runs' rows, skipping steps
   * another transaction holds or whose run it holds (so the caller may append to those runs' events in the
   * same transaction without waiting), lets `take` change each (it leases it, or starts it) and stores them.
   * Returns them as changed.
   */
  takeDue(now: Date, limit: number, take: (step: Step) => void): Promise<Step[]>;
  /** Extends the leases of the in-process attempts this instance runs (running steps without a child). */
  renewLeases(keys: readonly StepKey[], leaseEnd: Date): Promise<void>;
}

import type { Run, RunSummary } from '../../domain/runs/run.ts';
import type { RunStatus } from '../../domain/runs/run-status.ts';
import type { Page, PageRequest } from './page.ts';

export interface RunFilter {
  readonly workspaceId: string;
  readonly missionId?: string | undefined;
  readonly status?: RunStatus | undefined;
}

export interface ClaimCriteria {
  readonly workspaceId: string;
  /** Only runs of these missions; any mission of the workspace when absent. */
  readonly missionIds?: readonly string[] | undefined;
}

/**
 * Runs. Every method joins the surrounding `UnitOfWork` transaction when there is one (webhook ingest adds
 * its delivery and run in one), and the changing methods hold a row lock while they apply the domain's
 * change, so concurrent workers, cancellations and lease sweeps never overwrite each other.
 */
export interface RunRepository {
  add(run: Run): Promise<void>;
  /** The run as the API shows it (a webhook run's input is built from its delivery). */
  findById(id: string): Promise<Run | undefined>;
  /**
   * One page of matching runs, newest first: ordered by (createdAt, id) descending. Summaries: adapters read
   * neither the input (nor the delivery a webhook run's input is built from) nor the output.
   */
  list(filter: RunFilter, page: PageRequest): Promise<Page<RunSummary>>;
  /**
   * Locks the run, lets `change` move it through the domain (which may throw: nothing is then stored),
   * and stores its new state. Undefined when there is no such run.
   */
  update(id: string, change: (run: Run) => void): Promise<Run | undefined>;
  /**
   * Atomically hands out the oldest queued run matching `criteria`: locks it, skipping runs that
   * concurrent claims hold (two claims never get the same run), applies `claim` and stores the result.
   * Undefined when no queued run is free.
   */
  claimNext(criteria: ClaimCriteria, claim: (run: Run) => void): Promise<Run | undefined>;
  /**
   * Runs whose lease expired at or before `now` (in `workspaceId` only, when given): locks up to `limit`
   * of them, skipping locked ones, applies `expire` to each and stores them. Returns the changed runs.
   */
  expireLeases(
    now: Date,
    options: { readonly limit: number; readonly workspaceId?: string },
    expire: (run: Run) => void,
  ): Promise<Run[]>;
  /** True when the mission has a queued or running run. */
  hasActiveRuns(missionId: string): Promise<boolean>;
}

import type { Run, RunSummary } from '../../../domain/runs/run.ts';
import type { RunStatus } from '../../../domain/runs/run-status.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';
import type { ActiveRuns } from '../../missions/index.ts';

export interface RunFilter {
  readonly workspaceId: string;
  readonly missionId?: string | undefined;
  readonly status?: RunStatus | undefined;
  /** The child runs of this run; without it, only top-level runs (those of no parent). */
  readonly parentRunId?: string | undefined;
  /** Created at or after. */
  readonly createdAfter?: Date | undefined;
  /** Created before. */
  readonly createdBefore?: Date | undefined;
}

export interface ClaimCriteria {
  readonly workspaceId: string;
  /** Runs whose `notBefore` is later stay queued. */
  readonly now: Date;
  /** Only runs of these missions; any mission of the workspace when absent. */
  readonly missionIds?: readonly string[] | undefined;
  /** Only `task` child runs of these task types; any run a worker may hold when absent. */
  readonly taskTypes?: readonly string[] | undefined;
  /** At most this many runs (1 to MAX_CLAIM_RUNS). */
  readonly limit: number;
}

export interface ClaimedRuns {
  /** The runs handed out, claimable longest first. */
  readonly runs: Run[];
  /** Whether a running run of the workspace had a lease that expired at or before `now` (to take back). */
  readonly leasesExpired: boolean;
}

/**
 * Runs. Every method joins the surrounding `UnitOfWork` transaction when there is one (webhook ingest adds
 * its delivery and run in one), and the changing methods hold a row lock while they apply the domain's
 * change, so concurrent workers, cancellations and lease sweeps never overwrite each other.
 *
 * Concurrency slots: a run of a capped mission (`concurrencyKey` not null) is claimable only once admitted.
 * Adapters serialise the admissions of one group (mission and key): `add` offers the new run a slot
 * (`Run.admit` with the number of the group's admitted runs), and every change after which a run no longer
 * holds its slot offers the freed slots to the group's waiting runs, oldest first, in the same transaction.
 * As `ActiveRuns` it tells the missions area whether a mission has runs in progress.
 */
export interface RunRepository extends ActiveRuns {
  /**
   * Stores a new run; a capped one is first offered a slot of its group (`run.admit`, see above). False, and
   * nothing stored, when a run of the same schedule and fire time exists: a unique constraint decides, so a
   * fire time queues one run however many instances fire it.
   */
  add(run: Run): Promise<boolean>;
  /** The run as the API shows it (a webhook run's input is built from its delivery). */
  findById(id: string): Promise<Run | undefined>;
  /** The workspace of the run, for the access check before a change: no input is read or built. */
  findWorkspaceId(id: string): Promise<string | undefined>;
  /**
   * One page of matching runs, newest first: ordered by (createdAt, id) descending. Summaries: adapters read
   * neither the input (nor the delivery a webhook run's input is built from) nor the output.
   */
  list(filter: RunFilter, page: PageRequest): Promise<Page<RunSummary>>;
  /** Locks the run until the surrounding transaction ends, and returns it (undefined when there is none). */
  findLocked(id: string): Promise<Run | undefined>;
  /**
   * One page of matching runs in full (input and output as `findById` shows them), oldest first: ordered by
   * (createdAt, id) ascending, for exports that walk every run of a workspace page by page.
   */
  listInFull(filter: RunFilter, page: PageRequest): Promise<Page<Run>>;
  /**
   * Locks the run, lets `change` move it through the domain (which may throw: nothing is then stored),
   * and stores its new state. Undefined when there is no such run.
   */
  update(id: string, change: (run: Run) => void): Promise<Run | undefined>;
  /**
   * `update` of several runs together (completions and heartbeats grouped into one transaction): locks them all,
   * in id order, and applies each change to its run in the given order; a change that throws (the domain refusing
   * it, which it does before moving the run) has its error as its outcome, and a run no change moved is not stored; the runs that moved are stored
   * together. Answers in the order of `changes`: the run, the change's error, or undefined for a missing run.
   */
  updateEach(changes: readonly RunChange[]): Promise<Array<Run | Error | undefined>>;
  /**
   * Atomically hands out up to `limit` claimable runs that workers may hold (never a blueprint run's own) (`Run.claimableAt(now)`: queued, admitted, `notBefore`
   * passed) matching `criteria`, those claimable longest first (earliest `notBefore`, then id): locks them,
   * skipping runs that concurrent claims hold (two claims never get the same run, and none waits for
   * another), applies `claim` to each and stores the results. Runs that are not claimable are never read, so
   * a batch never breaks a concurrency cap: every run in it already holds its group's slot. Tells, from the
   * same read, whether the workspace has expired leases to take back.
   */
  claimOldest(criteria: ClaimCriteria, claim: (run: Run) => void): Promise<ClaimedRuns>;
  /**
   * The server's own runs (blueprint runs) to start: locks up to `limit` queued ones that hold their slot and
   * whose `notBefore` has passed, oldest first, skipping those a concurrent engine holds, lets `begin` move
   * each and stores them.
   */
  startServerRuns(now: Date, limit: number, begin: (run: Run) => void): Promise<Run[]>;
  /** The ids of up to `limit` running server runs whose `timeoutAt` has passed. */
  serverRunsPastTimeout(now: Date, limit: number): Promise<string[]>;
  /**
   * Runs whose lease expired at or before `now` (in `workspaceId` only, when given): locks up to `limit`
   * of them, skipping locked ones, applies `expire` to each and stores them. Returns the changed runs.
   */
  expireLeases(
    now: Date,
    options: { readonly limit: number; readonly workspaceId?: string },
    expire: (run: Run) => void,
  ): Promise<Run[]>;
}

/** One change of `RunRepository.updateEach`. */
export interface RunChange {
  readonly id: string;
  readonly change: (run: Run) => void;
}

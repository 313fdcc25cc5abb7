import type {
  Evaluation,
  EvaluationStatus,
  EvaluationSummary,
} from '../../../domain/evaluations/evaluation.ts';
import type { EvaluationItem, ItemFailure } from '../../../domain/evaluations/evaluation-item.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

/** An item whose score changed between two evaluations (matched by item id). */
export interface ScoreChange {
  readonly itemId: string;
  readonly scorer: string;
  readonly base: number;
  readonly head: number;
}

/** What a finished run of an item gave. */
export interface ItemOutcome {
  readonly output: unknown;
  readonly error: ItemFailure | null;
  readonly latencyMs: number | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/**
 * Evaluations and their items. Every method joins the surrounding `UnitOfWork` transaction. Adapters must make
 * `lockRunning` and `lockPending` skip rows another transaction holds (SKIP LOCKED), so that several instances
 * start items at once without any item starting twice or an evaluation passing its concurrency.
 */
export interface EvaluationRepository {
  /**
   * Stores a new evaluation and copies every item of its dataset into it (`pending`), as one statement; answers
   * the evaluation with `total`, the items copied.
   */
  addWithItems(evaluation: Evaluation): Promise<Evaluation>;
  findById(id: string): Promise<Evaluation | undefined>;
  /** One page of the workspace's evaluations, newest first: ordered by (createdAt, id) descending. */
  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Evaluation>>;
  /** Counts, score means and pass rates, latency percentiles and token sums of its `done` items. */
  summary(evaluation: Evaluation): Promise<EvaluationSummary>;
  /** One page of its items in dataset order (createdAt, itemId) ascending; the position's id is the item id. */
  listItems(evaluationId: string, page: PageRequest): Promise<Page<EvaluationItem>>;
  /** Per scorer of both: the scores that fell and rose from `baseId` to `headId`, largest change first, at most `limit` each. */
  compare(
    baseId: string,
    headId: string,
    limit: number,
  ): Promise<{ fell: ScoreChange[]; rose: ScoreChange[] }>;
  /**
   * Locks up to `limit` running evaluations with work to do (all items done, or items pending and fewer than
   * `concurrency` in flight) that no other transaction holds, oldest first.
   */
  lockRunning(limit: number): Promise<Evaluation[]>;
  /** Locks the evaluation (waiting for another holder). */
  lock(id: string): Promise<Evaluation | undefined>;
  /** Its items queued or running (`running`). */
  countInFlight(evaluationId: string): Promise<number>;
  /** Locks up to `limit` of its `pending` items no other transaction holds, in dataset order. */
  lockPending(evaluationId: string, limit: number): Promise<EvaluationItem[]>;
  /** `pending` -> `running` with its run. */
  markStarted(evaluationId: string, itemId: string, runId: string): Promise<void>;
  /** The item of the run, `running` -> `scoring` with what the run gave; false when no running item has that run. */
  recordOutcome(runId: string, outcome: ItemOutcome): Promise<boolean>;
  /**
   * Takes up to `limit` `scoring` items of running evaluations whose lease is free or expired (skipping
   * locked rows), leased to `owner` until `until`.
   */
  takeToScore(owner: string, now: Date, until: Date, limit: number): Promise<EvaluationItem[]>;
  /** `scoring` -> `done` with its scores, only while `owner` still holds it; false otherwise. */
  storeScores(
    item: Pick<EvaluationItem, 'evaluationId' | 'itemId' | 'scores' | 'scoreErrors'>,
    owner: string,
  ): Promise<boolean>;
  /** Whether every item of the evaluation is `done`. */
  allDone(evaluationId: string): Promise<boolean>;
  /** The runs of its items in flight (`running`). */
  runIdsInFlight(evaluationId: string): Promise<string[]>;
  /** Ends a running evaluation: false when it was no longer running. */
  finish(
    id: string,
    status: Exclude<EvaluationStatus, 'running'>,
    error: string | null,
    now: Date,
  ): Promise<boolean>;
}

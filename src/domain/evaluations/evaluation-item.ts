/** Where one item of an evaluation stands: waiting, its run in flight, its output being scored, or done. */
export type ItemStatus = 'pending' | 'running' | 'scoring' | 'done';

/** The failure of an item's run, as the run reported it. */
export interface ItemFailure {
  readonly code: string;
  readonly message: string;
}

/**
 * One item of an evaluation, copied from the dataset when the evaluation starts: its run (one, ever), what the
 * run gave, and the scores.
 */
export interface EvaluationItem {
  readonly evaluationId: string;
  readonly itemId: string;
  /** The item's place in the dataset (its creation), for ordering. */
  readonly createdAt: Date;
  readonly input: unknown;
  readonly expected: unknown;
  status: ItemStatus;
  runId: string | null;
  output: unknown;
  error: ItemFailure | null;
  latencyMs: number | null;
  inputTokens: number;
  outputTokens: number;
  scores: Record<string, number> | null;
  /** Why a scorer gave no score (it then counts 0). */
  scoreErrors: Record<string, string> | null;
  /** The instance scoring it, until when (scoring is redone after a crash; runs never are). */
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
}

/** How long an instance holds an item it scores. */
export const SCORING_LEASE_SECONDS = 120;

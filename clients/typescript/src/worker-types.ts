import type { paths } from './generated/schema.ts';

type ClaimAnswer = paths['/api/runs/claim']['post']['responses'][200]['content']['application/json'];

/** A run as the claim hands it out: `running`, leased to this worker. */
export type ClaimedRun = Extract<ClaimAnswer, { runs: unknown }>['runs'][number];

/** A run's result: any JSON object of at most 256 KiB (stored as the run's `output`). */
export type RunOutput = Record<string, unknown>;

export type RunLog = (message: string, fields?: Record<string, unknown>) => void;

export interface RunContext {
  /**
   * Aborts when the worker lost the run (its lease ended, it was cancelled) or stops before the handler
   * returned: stop working, nothing more is reported for this run.
   */
  readonly signal: AbortSignal;
  /** Logs with the run's id. */
  readonly log: RunLog;
}

/**
 * Does the work of one run. Its result completes the run as `succeeded` (with that output); a thrown error
 * completes it as `failed` with the error's message (and its `code`, when it has a string one).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler with no result is an async function returning void
export type RunHandler = (run: ClaimedRun, context: RunContext) => Promise<RunOutput | void>;

export interface WorkerLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

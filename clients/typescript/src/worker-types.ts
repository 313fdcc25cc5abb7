import type { PlatformFiles } from './files.ts';
import type { paths } from './generated/schema.ts';

type ClaimAnswer = paths['/api/runs/claim']['post']['responses'][200]['content']['application/json'];

/** A run as the claim hands it out: `running`, leased to this worker. */
export type ClaimedRun = Extract<ClaimAnswer, { runs: unknown }>['runs'][number];

/** A run's result: any JSON object of at most 256 KiB (stored as the run's `output`). */
export type RunOutput = Record<string, unknown>;

export type RunLog = (message: string, fields?: Record<string, unknown>) => void;

export interface RunContext {
  /**
   * Aborts when the worker lost the run (its lease ended), the run was cancelled (the server answered
   * `run_cancelled`: the reason is a `RunCancelledError`) or the worker stops before the handler returned:
   * stop working, nothing more is reported for this run.
   */
  readonly signal: AbortSignal;
  /** Logs with the run's id. */
  readonly log: RunLog;
  /**
   * The workspace's files with the worker's key: `download` the files a run's input names by id, `upload` the
   * ones its output names (`{ workspaceId: run.workspace_id, name, body }`).
   */
  readonly files: PlatformFiles;
}

/**
 * Does the work of one run. Its result completes the run as `succeeded` (with that output); a thrown error
 * completes it as `failed` with the error's message (and its `code`, when it has a string one), and with
 * `retryable: true` when the error says `retryable: true` (a `RetryableError`, or any error carrying it):
 * the server then queues the run again while its policy (a task node's `retry`) allows more attempts.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler with no result is an async function returning void
export type RunHandler = (run: ClaimedRun, context: RunContext) => Promise<RunOutput | void>;

export interface WorkerLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Handlers by task type: the worker claims only `task` child runs of these types (`task_types`). */
export type TaskHandlers = Readonly<Record<string, RunHandler>>;

/** Thrown by a handler: the run fails with `retryable: true`, so the server may queue it again. */
export class RetryableError extends Error {
  readonly retryable = true;
  readonly code: string | undefined;
  constructor(message: string, options?: { code?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RetryableError';
    this.code = options?.code;
  }
}

/** The abort reason of a handler's signal once the server answered `run_cancelled`. */
export class RunCancelledError extends Error {
  readonly code = 'run_cancelled';
  readonly runId: string;
  constructor(runId: string) {
    super(`run ${runId} was cancelled; stop working on it`);
    this.name = 'RunCancelledError';
    this.runId = runId;
  }
}

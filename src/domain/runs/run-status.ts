import { Conflict } from '../kernel/errors.ts';

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * The run state machine: queued -> running -> succeeded | failed; cancelled from queued or running; and
 * running -> queued only when a worker's lease expires (the run is retried).
 */
const TRANSITIONS: Readonly<Record<RunStatus, readonly RunStatus[]>> = {
  queued: ['running', 'cancelled'],
  running: ['succeeded', 'failed', 'cancelled', 'queued'],
  succeeded: [],
  failed: [],
  cancelled: [],
};

export function canTransition(from: RunStatus, to: RunStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isFinished(status: RunStatus): boolean {
  return TRANSITIONS[status].length === 0;
}

export class IllegalRunTransition extends Conflict {
  readonly from: RunStatus;
  readonly to: RunStatus;

  constructor(from: RunStatus, to: RunStatus) {
    super(`a ${from} run cannot become ${to}`);
    this.from = from;
    this.to = to;
  }
}

/** A worker heartbeat or completion for a run that is no longer running (cancelled, finished, requeued). */
export class RunNotRunning extends Conflict {
  constructor(status: RunStatus) {
    super(`the run is ${status}, not running`);
  }
}

/** A worker call about a run that was cancelled: the worker should stop working on it. */
export class RunCancelled extends Conflict {
  constructor() {
    super('the run was cancelled; stop working on it', 'run_cancelled');
  }
}

export function assertTransition(from: RunStatus, to: RunStatus): void {
  if (!canTransition(from, to)) throw new IllegalRunTransition(from, to);
}

/** A claim of a run that waits for a concurrency slot or for its retry backoff: an adapter's mistake. */
export class RunNotClaimable extends Conflict {
  constructor() {
    super('the run waits for a concurrency slot or for its retry backoff');
  }
}

/** A retry of a run that is not a failed blueprint run. */
export class RunNotRetryable extends Conflict {
  constructor(status: RunStatus) {
    super(`only a failed blueprint run goes on from its failure; this run is ${status}`);
  }
}

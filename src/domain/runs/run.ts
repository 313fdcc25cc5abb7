import { InvalidInput } from '../errors.ts';
import { type JsonObject, parseJsonObject } from '../missions/json-document.ts';
import { storableText } from '../well-formed-json.ts';
import { LeaseNotHeld, parseLeaseSeconds } from './lease.ts';
import { assertTransition, IllegalRunTransition, RunNotRunning, type RunStatus } from './run-status.ts';

export const TRIGGER_TYPES = ['manual', 'webhook'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export const MAX_RUN_INPUT_BYTES = 64 * 1024;
export const MAX_RUN_OUTPUT_BYTES = 256 * 1024;
export const MAX_ERROR_MESSAGE_LENGTH = 4000;

/** Why a run failed: reported by the worker, or `lease_expired` when it ran out of attempts. */
export interface RunFailure {
  readonly message: string;
  readonly code?: string;
}

export interface Outcome {
  readonly status: 'succeeded' | 'failed';
  readonly output?: unknown;
  readonly error?: RunFailure;
}

export interface RunProps {
  readonly id: string;
  readonly missionId: string;
  readonly workspaceId: string;
  readonly status: RunStatus;
  readonly triggerType: TriggerType;
  readonly triggerId: string | null;
  readonly deliveryId: string | null;
  readonly input: JsonObject | null;
  readonly output: JsonObject | null;
  readonly error: RunFailure | null;
  /** 1 for the first execution; each lease expiry that requeues the run adds one. */
  readonly attempt: number;
  /** The worker (its login session id, or its API key id) holding the run while it is running. */
  readonly leaseOwner: string | null;
  readonly leaseExpiresAt: Date | null;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
}

/**
 * A run as lists show it: without its input and output, so that a page of runs never carries webhook bodies
 * (up to a trigger's `max_body_bytes` each) or workers' outputs.
 */
export type RunSummary = Omit<RunProps, 'input' | 'output'>;

/** The summary of `run`. */
export function summaryOf({ input: _input, output: _output, ...summary }: RunProps): RunSummary {
  return summary;
}

export interface QueueRun {
  readonly id: string;
  readonly missionId: string;
  readonly workspaceId: string;
  readonly triggerType: TriggerType;
  readonly triggerId?: string | null;
  readonly deliveryId?: string | null;
  /** Manual runs only: webhook runs show their delivery as input. */
  readonly input?: unknown;
  readonly now: Date;
}

/** One execution of a mission, moved through its states by workers (see run-status.ts). */
export class Run {
  id!: string;
  missionId!: string;
  workspaceId!: string;
  status!: RunStatus;
  triggerType!: TriggerType;
  triggerId!: string | null;
  deliveryId!: string | null;
  input!: JsonObject | null;
  output!: JsonObject | null;
  error!: RunFailure | null;
  attempt!: number;
  leaseOwner!: string | null;
  leaseExpiresAt!: Date | null;
  createdAt!: Date;
  startedAt!: Date | null;
  finishedAt!: Date | null;

  constructor(props: RunProps) {
    Object.assign(this, props);
  }

  /** A new queued run, started by hand (`manual`) or by a webhook delivery (`webhook`). */
  static queue(props: QueueRun): Run {
    const triggerId = props.triggerId ?? null;
    const deliveryId = props.deliveryId ?? null;
    if (props.triggerType === 'webhook' && (triggerId === null || deliveryId === null)) {
      throw new InvalidInput('a webhook run names its trigger and delivery');
    }
    if (props.triggerType === 'manual' && (triggerId !== null || deliveryId !== null)) {
      throw new InvalidInput('a manual run has no trigger or delivery');
    }
    const input = props.input ?? null;
    return new Run({
      id: props.id,
      missionId: props.missionId,
      workspaceId: props.workspaceId,
      status: 'queued',
      triggerType: props.triggerType,
      triggerId,
      deliveryId,
      input: input === null ? null : parseJsonObject(input, 'input', MAX_RUN_INPUT_BYTES),
      output: null,
      error: null,
      attempt: 1,
      leaseOwner: null,
      leaseExpiresAt: null,
      createdAt: props.now,
      startedAt: null,
      finishedAt: null,
    });
  }

  /** queued -> running: `worker` holds the run for `leaseSeconds` unless it sends heartbeats. */
  claim(worker: string, now: Date, leaseSeconds: number): void {
    assertTransition(this.status, 'running');
    this.status = 'running';
    this.leaseOwner = worker;
    this.leaseExpiresAt = addSeconds(now, parseLeaseSeconds(leaseSeconds));
    this.startedAt = now;
  }

  /** Extends the lease of the worker holding it to `leaseSeconds` from now. */
  heartbeat(worker: string, now: Date, leaseSeconds: number): void {
    this.#assertLeaseHeld(worker, now);
    this.leaseExpiresAt = addSeconds(now, parseLeaseSeconds(leaseSeconds));
  }

  /** running -> succeeded | failed, reported by the worker holding the lease. */
  complete(worker: string, outcome: Outcome, now: Date): void {
    this.#assertLeaseHeld(worker, now);
    if (outcome.status === 'succeeded' && outcome.error !== undefined) {
      throw new InvalidInput('a succeeded run carries no error');
    }
    const output =
      outcome.output === undefined ? null : parseJsonObject(outcome.output, 'output', MAX_RUN_OUTPUT_BYTES);
    const error = outcome.error === undefined ? null : parseFailure(outcome.error);
    this.#finish(outcome.status, now);
    this.output = output;
    this.error = error;
  }

  /** queued | running -> cancelled; a worker holding it learns so on its next heartbeat (409). */
  cancel(now: Date): void {
    this.#finish('cancelled', now);
  }

  leaseExpired(now: Date): boolean {
    return this.status === 'running' && this.leaseExpiresAt !== null && this.leaseExpiresAt <= now;
  }

  /**
   * The worker's lease ran out: the run is queued again for attempt + 1, or fails once `maxAttempts`
   * attempts have run out of time.
   */
  expireLease(now: Date, maxAttempts: number): void {
    if (this.status !== 'running') throw new IllegalRunTransition(this.status, 'queued');
    if (!this.leaseExpired(now)) throw new InvalidInput('the lease of this run has not expired');
    if (this.attempt >= maxAttempts) {
      this.#finish('failed', now);
      this.error = {
        code: 'lease_expired',
        message: `the worker lease expired on each of ${this.attempt} attempts`,
      };
      return;
    }
    assertTransition(this.status, 'queued');
    this.status = 'queued';
    this.attempt += 1;
    this.leaseOwner = null;
    this.leaseExpiresAt = null;
  }

  #assertLeaseHeld(worker: string, now: Date): void {
    if (this.status !== 'running') throw new RunNotRunning(this.status);
    if (this.leaseOwner !== worker) throw new LeaseNotHeld('other_worker');
    if (this.leaseExpired(now)) throw new LeaseNotHeld('expired');
  }

  #finish(status: RunStatus, now: Date): void {
    assertTransition(this.status, status);
    this.status = status;
    this.leaseOwner = null;
    this.leaseExpiresAt = null;
    this.finishedAt = now;
  }
}

function parseFailure(error: RunFailure): RunFailure {
  const message = storableText(error.message, 'error.message').trim();
  if (error.code !== undefined) storableText(error.code, 'error.code');
  if (message.length === 0 || message.length > MAX_ERROR_MESSAGE_LENGTH) {
    throw new InvalidInput(`error.message must be 1 to ${MAX_ERROR_MESSAGE_LENGTH} characters`);
  }
  return error.code === undefined ? { message } : { code: error.code, message };
}

function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

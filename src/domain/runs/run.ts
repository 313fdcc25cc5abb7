import { InvalidInput } from '../kernel/errors.ts';
import type { JsonObject } from '../kernel/json-document.ts';
import { type RunPolicy, retryDelaySeconds } from '../missions/index.ts';
import { LeaseNotHeld, parseLeaseSeconds } from './lease.ts';
import type { RunStatusChange } from './run-event.ts';
import { type Outcome, parseOutcome, type RunFailure } from './run-outcome.ts';
import { type QueueRun, queuedRunProps, type RunProps, type TriggerType } from './run-props.ts';
import {
  assertTransition,
  IllegalRunTransition,
  RunCancelled,
  RunNotClaimable,
  RunNotRetryable,
  RunNotRunning,
  type RunStatus,
} from './run-status.ts';

export type { Outcome, RunFailure } from './run-outcome.ts';
export type { QueueRun, RunParent, RunProps, RunSummary, TriggerType } from './run-props.ts';
export { MAX_RUN_INPUT_BYTES, summaryOf } from './run-props.ts';

/** One execution of a mission, moved through its states by workers (see run-status.ts). */
export class Run {
  id!: string;
  missionId!: string | null;
  workspaceId!: string;
  status!: RunStatus;
  triggerType!: TriggerType;
  triggerId!: string | null;
  deliveryId!: string | null;
  scheduleId!: string | null;
  fireTime!: Date | null;
  evaluationId!: string | null;
  evaluationItemId!: string | null;
  input!: JsonObject | null;
  output!: JsonObject | null;
  error!: RunFailure | null;
  attempt!: number;
  policy!: RunPolicy;
  concurrencyKey!: string | null;
  admitted!: boolean;
  notBefore!: Date;
  leaseOwner!: string | null;
  leaseExpiresAt!: Date | null;
  timeoutAt!: Date | null;
  createdAt!: Date;
  startedAt!: Date | null;
  finishedAt!: Date | null;
  traceparent!: string | null;
  blueprintId!: string | null;
  blueprintVersion!: number | null;
  parentRunId!: string | null;
  stepId!: string | null;
  stepIndex!: number | null;
  taskType!: string | null;
  replayOf!: string | null;
  agentId!: string | null;
  agentVersion!: number | null;
  threadId!: string | null;
  /** Not copied by `new Run(run)`: a loaded run starts with none. */
  #statusChanges: RunStatusChange[] = [];

  constructor(props: RunProps) {
    Object.assign(this, props);
  }

  /** The state changes made since the run was created or loaded, oldest first; the repository stores them. */
  takeStatusChanges(): RunStatusChange[] {
    const changes = this.#statusChanges;
    this.#statusChanges = [];
    return changes;
  }

  /**
   * A new queued run, started by hand (`manual`) or by a webhook delivery (`webhook`). A run of a capped
   * mission waits for a slot of its group (`admit`) before any worker can claim it.
   */
  static queue(props: QueueRun): Run {
    const run = new Run(queuedRunProps(props));
    run.#recordStatus(props.now);
    return run;
  }

  /** Whether a claim at `now` may hand it out: queued, holding a slot, and past any retry backoff. */
  claimableAt(now: Date): boolean {
    return this.status === 'queued' && this.admitted && this.notBefore <= now;
  }

  /** A waiting run takes a slot of its group if fewer than its limit are taken; true when it did. */
  admit(slotsTaken: number): boolean {
    if (this.status !== 'queued' || this.admitted) return false;
    const limit = this.policy.concurrencyLimit;
    if (limit !== null && slotsTaken >= limit) return false;
    this.admitted = true;
    return true;
  }

  /** queued -> running: `worker` holds the run for `leaseSeconds` unless it sends heartbeats. */
  claim(worker: string, now: Date, leaseSeconds: number): void {
    if (this.status === 'queued' && !this.claimableAt(now)) throw new RunNotClaimable();
    if (this.carriedByServer) throw new RunNotClaimable();
    assertTransition(this.status, 'running');
    const timeout = this.policy.timeoutSeconds;
    this.status = 'running';
    this.leaseOwner = worker;
    this.timeoutAt = timeout === null ? null : addSeconds(now, timeout);
    this.leaseExpiresAt = this.#leaseEnd(now, leaseSeconds);
    this.startedAt = now;
    this.#recordStatus(now);
  }

  /** A blueprint run (step by step) or an agent run (model call by tool call): no worker ever holds it. */
  get carriedByServer(): boolean {
    return this.blueprintId !== null || this.agentId !== null;
  }

  /**
   * queued -> running, by the engine (no lease): the policy's timeout bounds the whole blueprint run.
   */
  begin(now: Date): void {
    if (!this.carriedByServer || !this.claimableAt(now)) throw new RunNotClaimable();
    assertTransition(this.status, 'running');
    this.status = 'running';
    const timeout = this.policy.timeoutSeconds;
    this.timeoutAt = timeout === null ? null : addSeconds(now, timeout);
    this.startedAt = now;
    this.#recordStatus(now);
  }

  /** Pins the version a run of a mission (or a `blueprint` node) that follows the latest uses, when it is created. */
  pinBlueprintVersion(version: number): void {
    if (!this.carriedByServer || this.blueprintVersion !== null) throw new RunNotRunning(this.status);
    this.blueprintVersion = version;
  }

  /** running -> succeeded | failed, by the engine once the run's graph is done (or a step failed it). */
  conclude(outcome: Outcome, now: Date): void {
    if (!this.carriedByServer) throw new RunNotRunning(this.status);
    if (this.status !== 'running') throw new RunNotRunning(this.status);
    const { output, error } = parseOutcome(outcome);
    this.#finish(outcome.status, now);
    this.output = output;
    this.error = error;
    this.#recordStatus(now);
  }

  /**
   * A failed blueprint run goes on from its failure, attempt + 1 (CONTRACT section 9): running again at once,
   * or, for a capped run (which gave its slot back when it failed), queued until it takes a slot of its group
   * again (the repository offers it one as it stores it; the engine then begins it).
   */
  resume(now: Date): void {
    if (!this.carriedByServer || this.status !== 'failed') throw new RunNotRetryable(this.status);
    const timeout = this.policy.timeoutSeconds;
    const capped = this.concurrencyKey !== null;
    this.status = capped ? 'queued' : 'running';
    this.admitted = !capped;
    this.attempt += 1;
    this.error = null;
    this.output = null;
    this.finishedAt = null;
    this.notBefore = now;
    this.startedAt = capped ? this.startedAt : now;
    this.timeoutAt = timeout === null || capped ? null : addSeconds(now, timeout);
    this.#recordStatus(now);
  }

  /** A run just put back in the queue without a slot: its repository offers it one of its group. */
  get awaitsSlot(): boolean {
    return this.status === 'queued' && !this.admitted && this.concurrencyKey !== null;
  }

  /** Extends the lease of the worker holding it to `leaseSeconds` from now (never past the timeout). */
  heartbeat(worker: string, now: Date, leaseSeconds: number): void {
    this.assertHeldBy(worker, now);
    this.leaseExpiresAt = this.#leaseEnd(now, leaseSeconds);
  }

  /**
   * running -> succeeded | failed, reported by the worker holding the lease; a `retryable` failure queues the
   * run again (after its backoff) while the policy's attempts last.
   */
  complete(worker: string, outcome: Outcome, now: Date): void {
    this.assertHeldBy(worker, now);
    const { output, error } = parseOutcome(outcome);
    const retry =
      outcome.status === 'failed' && outcome.retryable && this.attempt < (this.policy.maxAttempts ?? 1);
    if (retry) this.#retry(now);
    else this.#finish(outcome.status, now);
    this.output = output;
    this.error = error;
    this.#recordStatus(now);
  }

  /** queued | running -> cancelled; a worker holding it learns so on its next call (409). */
  cancel(now: Date): void {
    this.#finish('cancelled', now);
    this.#recordStatus(now);
  }

  leaseExpired(now: Date): boolean {
    return this.status === 'running' && this.leaseExpiresAt !== null && this.leaseExpiresAt <= now;
  }

  /**
   * The lease ran out. A timed-out attempt fails the run (`timeout`); a lost lease queues it again (after its
   * backoff) while attempts last: the policy's, else `serverMaxAttempts` (RUN_MAX_ATTEMPTS).
   */
  expireLease(now: Date, serverMaxAttempts: number): void {
    if (this.status !== 'running') throw new IllegalRunTransition(this.status, 'queued');
    if (!this.leaseExpired(now)) throw new InvalidInput('the lease of this run has not expired');
    const timedOut = this.timeoutAt !== null && this.timeoutAt <= now;
    const error = timedOut
      ? { code: 'timeout', message: `the attempt ran past its ${this.policy.timeoutSeconds} s timeout` }
      : { code: 'lease_expired', message: `the worker lease expired on attempt ${this.attempt}` };
    if (timedOut || this.attempt >= (this.policy.maxAttempts ?? serverMaxAttempts))
      this.#finish('failed', now);
    else this.#retry(now);
    this.error = error;
    this.#recordStatus(now);
  }

  #retry(now: Date): void {
    assertTransition(this.status, 'queued');
    this.status = 'queued';
    this.notBefore = addSeconds(now, retryDelaySeconds(this.policy, this.attempt));
    this.attempt += 1;
    this.leaseOwner = null;
    this.leaseExpiresAt = null;
    this.timeoutAt = null;
  }

  #leaseEnd(now: Date, leaseSeconds: number): Date {
    const end = addSeconds(now, parseLeaseSeconds(leaseSeconds));
    return this.timeoutAt !== null && this.timeoutAt < end ? this.timeoutAt : end;
  }

  /** The worker calling about this run holds its live lease (else 409, `run_cancelled` once cancelled). */
  assertHeldBy(worker: string, now: Date): void {
    if (this.status === 'cancelled') throw new RunCancelled();
    if (this.status !== 'running') throw new RunNotRunning(this.status);
    if (this.leaseOwner !== worker) throw new LeaseNotHeld('other_worker');
    if (this.leaseExpired(now)) throw new LeaseNotHeld('expired');
  }

  #recordStatus(now: Date): void {
    const { status, attempt, error, notBefore } = this;
    this.#statusChanges.push({ status, attempt, at: now, error, notBefore });
  }

  /** A finished run gives its concurrency slot back. */
  #finish(status: RunStatus, now: Date): void {
    assertTransition(this.status, status);
    this.status = status;
    this.admitted = false;
    this.leaseOwner = null;
    this.leaseExpiresAt = null;
    this.timeoutAt = null;
    this.finishedAt = now;
  }
}

function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

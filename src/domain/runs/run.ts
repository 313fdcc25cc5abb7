import { InvalidInput } from '../errors.ts';
import { type JsonObject, parseJsonObject } from '../missions/json-document.ts';
import { concurrencyKeyOf } from './concurrency-key.ts';
import { LeaseNotHeld, parseLeaseSeconds } from './lease.ts';
import { type Outcome, parseOutcome, type RunFailure } from './run-outcome.ts';
import { NO_RUN_POLICY, type RunPolicy, retryDelaySeconds } from './run-policy.ts';
import type { QueueRun, RunProps, TriggerType } from './run-props.ts';
import {
  assertTransition,
  IllegalRunTransition,
  RunCancelled,
  RunNotClaimable,
  RunNotRunning,
  type RunStatus,
} from './run-status.ts';

export type { Outcome, RunFailure } from './run-outcome.ts';
export type { QueueRun, RunProps, RunSummary, TriggerType } from './run-props.ts';
export { summaryOf } from './run-props.ts';

export const MAX_RUN_INPUT_BYTES = 64 * 1024;

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

  constructor(props: RunProps) {
    Object.assign(this, props);
  }

  /**
   * A new queued run, started by hand (`manual`) or by a webhook delivery (`webhook`). A run of a capped
   * mission waits for a slot of its group (`admit`) before any worker can claim it.
   */
  static queue(props: QueueRun): Run {
    const triggerId = props.triggerId ?? null;
    const deliveryId = props.deliveryId ?? null;
    if (props.triggerType === 'webhook' && (triggerId === null || deliveryId === null)) {
      throw new InvalidInput('a webhook run names its trigger and delivery');
    }
    if (props.triggerType === 'manual' && (triggerId !== null || deliveryId !== null)) {
      throw new InvalidInput('a manual run has no trigger or delivery');
    }
    const given = props.input ?? null;
    const input = given === null ? null : parseJsonObject(given, 'input', MAX_RUN_INPUT_BYTES);
    const policy = props.policy ?? NO_RUN_POLICY;
    const concurrencyKey = concurrencyKeyOf(policy, () => props.webhookInput?.() ?? input ?? {});
    return new Run({
      id: props.id,
      missionId: props.missionId,
      workspaceId: props.workspaceId,
      status: 'queued',
      triggerType: props.triggerType,
      triggerId,
      deliveryId,
      input,
      output: null,
      error: null,
      attempt: 1,
      policy,
      concurrencyKey,
      admitted: concurrencyKey === null,
      notBefore: props.now,
      leaseOwner: null,
      leaseExpiresAt: null,
      timeoutAt: null,
      createdAt: props.now,
      startedAt: null,
      finishedAt: null,
    });
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
    assertTransition(this.status, 'running');
    const timeout = this.policy.timeoutSeconds;
    this.status = 'running';
    this.leaseOwner = worker;
    this.timeoutAt = timeout === null ? null : addSeconds(now, timeout);
    this.leaseExpiresAt = this.#leaseEnd(now, leaseSeconds);
    this.startedAt = now;
  }

  /** Extends the lease of the worker holding it to `leaseSeconds` from now (never past the timeout). */
  heartbeat(worker: string, now: Date, leaseSeconds: number): void {
    this.#assertLeaseHeld(worker, now);
    this.leaseExpiresAt = this.#leaseEnd(now, leaseSeconds);
  }

  /**
   * running -> succeeded | failed, reported by the worker holding the lease; a `retryable` failure queues the
   * run again (after its backoff) while the policy's attempts last.
   */
  complete(worker: string, outcome: Outcome, now: Date): void {
    this.#assertLeaseHeld(worker, now);
    const { output, error } = parseOutcome(outcome);
    if (outcome.status === 'failed' && outcome.retryable && this.attempt < (this.policy.maxAttempts ?? 1)) {
      this.#retry(now);
    } else {
      this.#finish(outcome.status, now);
    }
    this.output = output;
    this.error = error;
  }

  /** queued | running -> cancelled; a worker holding it learns so on its next call (409). */
  cancel(now: Date): void {
    this.#finish('cancelled', now);
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
    if (this.timeoutAt !== null && this.timeoutAt <= now) {
      this.#finish('failed', now);
      this.error = {
        code: 'timeout',
        message: `the attempt ran past its ${this.policy.timeoutSeconds} s timeout`,
      };
      return;
    }
    const attempts = this.policy.maxAttempts ?? serverMaxAttempts;
    const error = { code: 'lease_expired', message: `the worker lease expired on attempt ${this.attempt}` };
    if (this.attempt >= attempts) this.#finish('failed', now);
    else this.#retry(now);
    this.error = error;
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

  #assertLeaseHeld(worker: string, now: Date): void {
    if (this.status === 'cancelled') throw new RunCancelled();
    if (this.status !== 'running') throw new RunNotRunning(this.status);
    if (this.leaseOwner !== worker) throw new LeaseNotHeld('other_worker');
    if (this.leaseExpired(now)) throw new LeaseNotHeld('expired');
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

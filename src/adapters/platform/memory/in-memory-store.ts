import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditEvent } from '../../../application/audit/ports/audit-log.ts';
import { ApiKey } from '../../../domain/api-keys/api-key.ts';
import { BrowserSession } from '../../../domain/identity/browser-session.ts';
import { LoginSession } from '../../../domain/identity/login-session.ts';
import { User } from '../../../domain/identity/user.ts';
import { Mission } from '../../../domain/missions/mission.ts';
import { Run } from '../../../domain/runs/run.ts';
import type { RunEvent } from '../../../domain/runs/run-event.ts';
import { Schedule } from '../../../domain/schedules/schedule.ts';
import type { Delivery } from '../../../domain/triggers/delivery.ts';
import { Trigger } from '../../../domain/triggers/trigger.ts';
import { WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.ts';
import { type DeliveryAttempt, WebhookMessage } from '../../../domain/webhooks/webhook-message.ts';
import { Invitation } from '../../../domain/workspaces/invitation.ts';
import { Membership, Workspace } from '../../../domain/workspaces/workspace.ts';
import { InMemoryTable, type WriteJournal } from './in-memory-table.ts';

/** An audit event as stored: the columns of `audit_events`. */
export interface RecordedAuditEvent extends Required<AuditEvent> {
  readonly id: string;
  readonly createdAt: Date;
}

/** Where a run's event log stands: its last seq, and the worker events counted against its cap. */
export interface RunEventLog {
  readonly runId: string;
  readonly seq: number;
  readonly count: number;
  readonly bytes: number;
}

/** A trigger row: deleting one keeps it (its path stays taken) with its secrets destroyed. */
export interface TriggerRow {
  readonly trigger: Trigger;
  readonly deletedAt: Date | null;
}

/** An outbox row: the message and the dispatcher lease on it (the columns `lease_token`, `leased_until`). */
export interface WebhookMessageRow {
  readonly message: WebhookMessage;
  readonly lease: string | null;
  readonly leasedUntil: Date | null;
}

export const membershipKey = (workspaceId: string, userId: string) => `${workspaceId}/${userId}`;

interface Transaction {
  readonly undo: (() => void)[];
  open: boolean;
}

/**
 * Every table of the in-memory adapters and the one lock they share. A transaction holds the lock until it
 * commits or rolls back, so transactions run one at a time, and every access outside one waits for it:
 * nothing reads a transaction's uncommitted writes or overwrites them (serialisable, with no concurrency).
 */
export class InMemoryStore {
  readonly #current = new AsyncLocalStorage<Transaction>();
  readonly #waiting: (() => void)[] = [];
  #locked = false;
  #inStep = false;
  readonly #journal: WriteJournal = { record: (undo) => this.#record(undo) };

  readonly users = this.#byId((u: User) => new User(u));
  readonly workspaces = this.#byId((w: Workspace) => new Workspace(w));
  readonly memberships = this.#table(
    (m: Membership) => membershipKey(m.workspaceId, m.userId),
    (m) => new Membership(m),
  );
  readonly invitations = this.#byId((i: Invitation) => new Invitation(i));
  readonly loginSessions = this.#byId((s: LoginSession) => new LoginSession(s));
  readonly browserSessions = this.#byId((s: BrowserSession) => new BrowserSession(s));
  readonly auditEvents = this.#byId((e: RecordedAuditEvent) => ({ ...e, details: { ...e.details } }));
  readonly missions = this.#byId((m: Mission) => new Mission(m));
  readonly runs = this.#byId((r: Run) => new Run(r));
  readonly triggers = this.#table(
    (t: TriggerRow) => t.trigger.id,
    (t) => ({ trigger: new Trigger(t.trigger), deletedAt: t.deletedAt }),
  );
  readonly deliveries = this.#byId((d: Delivery) => ({ ...d }));
  readonly webhookEndpoints = this.#byId((e: WebhookEndpoint) => new WebhookEndpoint(e));
  readonly webhookMessages = this.#table(
    (row: WebhookMessageRow) => row.message.id,
    (row) => ({ ...row, message: new WebhookMessage(row.message) }),
  );
  readonly webhookAttempts = this.#byId((a: DeliveryAttempt) => ({ ...a }));
  readonly apiKeys = this.#byId((k: ApiKey) => new ApiKey(k));
  readonly schedules = this.#byId((s: Schedule) => new Schedule(s));
  readonly runEvents = this.#table(
    (e: RunEvent) => `${e.runId}/${e.seq}`,
    (e) => e,
  );
  readonly runEventLogs = this.#table(
    (log: RunEventLog) => log.runId,
    (log) => log,
  );

  /**
   * Runs `step` inside the current transaction, or alone once no transaction holds the store. `step` is
   * synchronous, so what it reads and writes cannot interleave with anything: the adapters' atomic
   * compare-and-set and claims rest on this.
   */
  async atomically<T>(step: () => T): Promise<T> {
    if (this.#transaction() || !this.#locked) return this.#step(step);
    await this.#lock();
    try {
      return this.#step(step);
    } finally {
      this.#unlock();
    }
  }

  /** `UnitOfWork.transaction`: a nested call joins the outer transaction; a thrown error undoes every write. */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.#transaction()) return work();
    await this.#lock();
    const transaction: Transaction = { undo: [], open: true };
    try {
      return await this.#current.run(transaction, work);
    } catch (error) {
      for (const undo of transaction.undo.reverse()) undo();
      throw error;
    } finally {
      transaction.open = false;
      this.#unlock();
    }
  }

  #byId<Row extends { readonly id: string }>(copy: (row: Row) => Row) {
    return this.#table<Row>((row) => row.id, copy);
  }

  /**
   * A table whose rows go in and out as deep copies (structuredClone, then the domain class again): a caller
   * changing a mission's definition or a run's input in place changes neither the stored row nor, behind the
   * undo journal's back, what a rollback restores. PostgreSQL gives the same isolation by serialising.
   */
  #table<Row>(keyOf: (row: Row) => string, copy: (row: Row) => Row) {
    return new InMemoryTable<Row>(this.#journal, keyOf, (row) => copy(structuredClone(row)));
  }

  /** The open transaction of this async context; one that ended is no longer current (a late callback). */
  #transaction(): Transaction | undefined {
    const transaction = this.#current.getStore();
    return transaction?.open ? transaction : undefined;
  }

  #step<T>(step: () => T): T {
    const outer = this.#inStep;
    this.#inStep = true;
    try {
      return step();
    } finally {
      this.#inStep = outer;
    }
  }

  #record(undo: () => void): void {
    if (!this.#inStep) throw new Error('in-memory tables are written only inside InMemoryStore.atomically');
    this.#transaction()?.undo.push(undo);
  }

  #lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the lock to the next waiter (first come, first served), or frees it. */
  #unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#locked = false;
  }
}

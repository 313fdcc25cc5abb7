import type { AgentRunWork } from '../../../domain/agents/agent-run-work.ts';

/**
 * What the server keeps to carry out each agent run across restarts and instances (`agent_runs`). Every
 * method joins the surrounding `UnitOfWork` transaction. An instance acting on a run holds its lease
 * (`leaseOwner`, until `dueAt`); `takeDue` skips rows other transactions hold, so two instances never take one
 * run together, and `lockHeld` lets a holder commit a step only while the lease is still its own.
 */
export interface AgentRunRepository {
  add(work: AgentRunWork): Promise<void>;
  findByRunId(runId: string): Promise<AgentRunWork | undefined>;
  /**
   * Locks up to `limit` rows whose `dueAt` has passed (earliest first), skipping locked ones, leases each to
   * `owner` until `leaseEnd` and stores them. Returns them as leased.
   */
  takeDue(now: Date, limit: number, owner: string, leaseEnd: Date): Promise<AgentRunWork[]>;
  /** Extends `owner`'s leases on these runs (those it still holds). */
  renewLeases(runIds: readonly string[], owner: string, leaseEnd: Date): Promise<void>;
  /** Locks the row until the transaction ends; undefined unless `owner` holds its lease. */
  lockHeld(runId: string, owner: string): Promise<AgentRunWork | undefined>;
  /** Stores the row (after `lockHeld` in the same transaction). */
  save(work: AgentRunWork): Promise<void>;
}

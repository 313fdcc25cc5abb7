import type { Approval, ApprovalStatus } from '../../../domain/blueprints/approval.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

export interface ApprovalFilter {
  readonly workspaceId: string;
  readonly status?: ApprovalStatus | undefined;
}

/**
 * Approvals. Every method joins the surrounding `UnitOfWork` transaction; the changing ones lock the rows they
 * change until it ends, so a decision, an expiry and a run's end never overwrite each other. Lock order: the
 * run's row first (every caller changing an approval holds it), then its approvals, then its steps.
 */
export interface ApprovalRepository {
  add(approval: Approval): Promise<void>;
  findById(id: string): Promise<Approval | undefined>;
  /** One page, newest first: ordered by (createdAt, id) descending. */
  list(filter: ApprovalFilter, page: PageRequest): Promise<Page<Approval>>;
  /** Locks the approval, lets `change` move it (it may throw: nothing is stored), stores it. */
  update(id: string, change: (approval: Approval) => void): Promise<Approval | undefined>;
  /** Up to `limit` pending approvals whose `expiresAt` has passed, earliest first, without locking them. */
  pastExpiry(now: Date, limit: number): Promise<Approval[]>;
  /** Locks the run's pending approvals, lets `end` change each, stores them. */
  endPendingOfRun(runId: string, end: (approval: Approval) => void): Promise<Approval[]>;
}

import type {
  ApprovalFilter,
  ApprovalRepository,
} from '../../../application/blueprints/ports/approval-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import { Approval } from '../../../domain/blueprints/approval.ts';
import { inMemoryRowRepository } from '../../platform/memory/in-memory-repository.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { runTables } from '../../runs/index.ts';

/** Approvals by id; they go with their run. */
export const approvalTables = inMemoryTables((store) => {
  const approvals = store.byId((approval: Approval) => new Approval(approval));
  approvals.cascadeFrom(runTables(store).runs, (approval) => approval.runId);
  return { approvals };
});

/** Approvals in the store; the store runs one transaction at a time, so its changes need no lock of their own. */
export class InMemoryApprovalRepository
  extends inMemoryRowRepository(approvalTables, (tables) => tables.approvals)
  implements ApprovalRepository
{
  list(filter: ApprovalFilter, page: PageRequest): Promise<Page<Approval>> {
    return this.pageWhere(
      (a) =>
        a.workspaceId === filter.workspaceId && (filter.status === undefined || a.status === filter.status),
      page,
      'desc',
    );
  }

  update(id: string, change: (approval: Approval) => void): Promise<Approval | undefined> {
    return this.atomically(({ approvals }) => approvals.update(id, change));
  }

  pastExpiry(now: Date, limit: number): Promise<Approval[]> {
    return this.atomically(({ approvals }) =>
      approvals
        .filter((a) => a.status === 'pending' && a.isPastExpiry(now))
        .sort((a, b) => (a.expiresAt?.getTime() ?? 0) - (b.expiresAt?.getTime() ?? 0))
        .slice(0, limit),
    );
  }

  endPendingOfRun(runId: string, end: (approval: Approval) => void): Promise<Approval[]> {
    return this.atomically(({ approvals }) =>
      approvals
        .filter((a) => a.runId === runId && a.status === 'pending')
        .map((a) => approvals.update(a.id, end) as Approval),
    );
  }
}

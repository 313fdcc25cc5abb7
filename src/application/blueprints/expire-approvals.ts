import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { RunRepository } from '../runs/index.ts';
import type { ApprovalDecisionListener } from './ports/approval-decision-listener.ts';
import type { ApprovalRepository } from './ports/approval-repository.ts';

export type ExpireApprovals = (limit: number) => Promise<number>;

/**
 * Periodic, on every instance: up to `limit` pending approvals past their `expiresAt` expire, each in its own
 * transaction under its run's row lock (the lock order of approval-repository.ts) and told to its run's owner
 * there (an `approval` step then fails with `approval_timeout`). Instances expiring together serialise on the
 * run's row: the second finds the approval no longer pending and tells nobody. Returns how many it expired.
 */
export function makeExpireApprovals(deps: {
  unitOfWork: UnitOfWork;
  runs: RunRepository;
  approvals: ApprovalRepository;
  clock: Clock;
  approvalDecisionListeners: readonly ApprovalDecisionListener[];
}): ExpireApprovals {
  return async (limit) => {
    let count = 0;
    for (const due of await deps.approvals.pastExpiry(deps.clock.now(), limit)) {
      await deps.unitOfWork.transaction(async () => {
        await deps.runs.findLocked(due.runId);
        const now = deps.clock.now();
        let expired = false;
        const approval = await deps.approvals.update(due.id, (locked) => {
          if (locked.status !== 'pending' || !locked.isPastExpiry(now)) return;
          locked.expire(now);
          expired = true;
        });
        if (!approval || !expired) return;
        count++;
        for (const listener of deps.approvalDecisionListeners) await listener(approval);
      });
    }
    return count;
  };
}

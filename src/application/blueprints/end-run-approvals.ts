import type { Clock } from '../kernel/ports/clock.ts';
import type { RunOutcomeListener } from '../runs/index.ts';
import type { ApprovalRepository } from './ports/approval-repository.ts';

/**
 * A run outcome listener (in the transaction that finished the run): a run that ended (cancelled, failed,
 * timed out) ends its pending approvals as `expired`, their comment saying why; nobody can decide them any
 * more, and no decision listener is told (the run is over). Only the server's runs ask for approvals (a
 * blueprint's approval step, an agent's tool call), so a worker's run ends without a read of approvals.
 */
export function makeEndRunApprovals(deps: {
  approvals: ApprovalRepository;
  clock: Clock;
}): RunOutcomeListener {
  return async (run) => {
    if (!run.carriedByServer) return;
    const now = deps.clock.now();
    await deps.approvals.endPendingOfRun(run.id, (approval) =>
      approval.expire(now, `the run ended (${run.status}) before a decision`),
    );
  };
}

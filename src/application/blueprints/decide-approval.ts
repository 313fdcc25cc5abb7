import type { Approval, ApprovalDecision } from '../../domain/blueprints/approval.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { storableText } from '../../domain/kernel/well-formed-json.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { RunRepository } from '../runs/index.ts';
import { type ApprovalAccessDeps, accessibleApproval } from './accessible-approval.ts';
import type { ApprovalDecisionListener } from './ports/approval-decision-listener.ts';

export type DecideApproval = (
  principal: Principal,
  approvalId: string,
  decision: ApprovalDecision,
  comment: string | null,
) => Promise<Approval>;

/**
 * An admin approves or rejects a pending approval (a decided or expired one is 409); in the same transaction
 * the run's owner is told (ApprovalDecisionListener): the engine makes the waiting step due.
 */
export function makeDecideApproval(
  deps: ApprovalAccessDeps & {
    unitOfWork: UnitOfWork;
    runs: RunRepository;
    clock: Clock;
    approvalDecisionListeners: readonly ApprovalDecisionListener[];
  },
): DecideApproval {
  return async (principal, approvalId, decision, comment) => {
    const { runId } = await accessibleApproval(deps, principal, approvalId, 'admin');
    const text = comment === null ? null : storableText(comment, 'comment');
    const by = principal.kind === 'user' ? principal.userId : principal.apiKeyId;
    return deps.unitOfWork.transaction(async () => {
      // The run's row first: the lock order of approval-repository.ts (its end and its engine take it so).
      await deps.runs.findLocked(runId);
      const decided = (await deps.approvals.update(approvalId, (approval) =>
        approval.decide(decision, by, text, deps.clock.now()),
      )) as Approval;
      for (const listener of deps.approvalDecisionListeners) await listener(decided);
      return decided;
    });
  };
}

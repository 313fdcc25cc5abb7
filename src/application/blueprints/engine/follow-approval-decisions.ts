import type { Approval } from '../../../domain/blueprints/approval.ts';
import type { Clock } from '../../kernel/ports/clock.ts';
import type { ApprovalDecisionListener } from '../ports/approval-decision-listener.ts';
import type { StepRepository } from '../ports/step-repository.ts';

/**
 * The engine's approval decision listener (in the decision's transaction, which holds the run's row): the
 * `approval` step waiting for it becomes due, and the engine collects the decision at once (nudged after the
 * commit). Approvals of tool calls belong to the agents' executor and are left alone.
 */
export function makeFollowApprovalDecisions(deps: {
  steps: StepRepository;
  clock: Clock;
  nudge: () => void;
}): ApprovalDecisionListener {
  return async (approval: Approval) => {
    if (approval.toolCallId !== null || approval.nodeId === null) return;
    const steps = await deps.steps.lockRun(approval.runId);
    const step = steps.find((s) => s.nodeId === approval.nodeId);
    step?.approvalDecided(approval.id, deps.clock.now());
    await deps.steps.save(steps);
    if (step?.changed) deps.nudge();
  };
}

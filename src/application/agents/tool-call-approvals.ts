import type { ApprovalRepository, OpenApproval } from '../blueprints/index.ts';
import type { ToolApprovals } from './ports/tool-approvals.ts';

/**
 * Approvals of agents' tool calls over the blueprints area's approvals (CONTRACT section 9): each call opens one
 * titled with its tool and carrying the call's arguments, without expiry (a run's end expires it); its status
 * is the decision.
 */
export function makeToolCallApprovals(deps: {
  openApproval: OpenApproval;
  approvals: ApprovalRepository;
}): ToolApprovals {
  return {
    async open(run, tool, call) {
      const approval = await deps.openApproval({
        runId: run.id,
        nodeId: tool.name,
        toolCallId: call.id,
        title: `Run the tool ${tool.name}`,
        payload: { tool: tool.name, arguments: call.arguments },
        timeoutSeconds: null,
      });
      return approval.id;
    },
    async decision(approvalId) {
      return (await deps.approvals.findById(approvalId))?.status ?? 'expired';
    },
  };
}

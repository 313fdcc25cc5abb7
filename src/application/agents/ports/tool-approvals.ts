import type { AgentTool } from '../../../domain/agents/agent-tools.ts';
import type { ToolCall } from '../../../domain/models/index.ts';
import type { Run } from '../../../domain/runs/index.ts';

/** Where an approval a tool call waits for stands (CONTRACT section 9). */
export type ApprovalDecision = 'pending' | 'approved' | 'rejected' | 'expired';

/**
 * People in the loop of an agent's tool calls: a call of a tool with `requires_approval` opens an approval
 * and runs only once it is approved. Adapters must open the approval in the caller's transaction (the run's
 * step that records it commits with it).
 */
export interface ToolApprovals {
  /** Opens a pending approval for `call` of `run`; its id. */
  open(run: Run, tool: AgentTool, call: ToolCall): Promise<string>;
  /** The approval's decision so far (`expired` for one that is gone). */
  decision(approvalId: string): Promise<ApprovalDecision>;
}

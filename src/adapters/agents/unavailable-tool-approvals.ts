import { ApprovalsUnavailable, type ToolApprovals } from '../../application/agents/ports/tool-approvals.ts';

/** ToolApprovals where approvals are not built: every call needing one is refused (`approval_unavailable`). */
export const unavailableToolApprovals: ToolApprovals = {
  open: () => Promise.reject(new ApprovalsUnavailable('approvals are not available on this server')),
  decision: () => Promise.resolve('expired'),
};

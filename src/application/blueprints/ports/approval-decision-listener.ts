import type { Approval } from '../../../domain/blueprints/approval.ts';

/**
 * Told of an approval that was just decided (approved, rejected) or expired, inside the transaction that
 * stored the decision: the owner of its run makes the run go on (the engine makes its step due; an agent's
 * executor answers its tool call). Each listener acts only on the approvals it opened (an `approval` step: no
 * `toolCallId`; a tool call: a `toolCallId`) and must do no slow work: queue it for after the commit.
 * Approvals ended because their run ended are not announced (the run is over).
 */
export type ApprovalDecisionListener = (approval: Approval) => Promise<void>;

import { Approval } from '../../domain/blueprints/approval.ts';
import { NotFound } from '../../domain/kernel/errors.ts';
import type { JsonObject } from '../../domain/kernel/json-document.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { RunRepository } from '../runs/index.ts';
import type { RecordWorkspaceEvent } from '../webhooks/index.ts';
import type { ApprovalRepository } from './ports/approval-repository.ts';

export interface OpenApprovalRequest {
  readonly runId: string;
  /** The `approval` node; for an agent's tool call, null or the tool's name. */
  readonly nodeId: string | null;
  /** The agent's tool call it gates; null for an `approval` node. */
  readonly toolCallId: string | null;
  readonly title: string;
  readonly payload: unknown;
  /** Past it the approval expires; null: no expiry. */
  readonly timeoutSeconds: number | null;
}

/**
 * Opens a pending approval for a run, in the caller's transaction (or its own), and records the outbound
 * `approval.requested` message with it. For the engine's `approval` steps and for other areas (an agent's
 * tool call with `requires_approval`): they learn the decision through an ApprovalDecisionListener.
 */
export type OpenApproval = (request: OpenApprovalRequest) => Promise<Approval>;

export function makeOpenApproval(deps: {
  unitOfWork: UnitOfWork;
  runs: RunRepository;
  approvals: ApprovalRepository;
  recordWorkspaceEvent: RecordWorkspaceEvent;
  /** The approval as the API shows it (the message's `data.approval`). */
  approvalView: (approval: Approval) => JsonObject;
  ids: IdGenerator;
  clock: Clock;
}): OpenApproval {
  return (request) =>
    deps.unitOfWork.transaction(async () => {
      const workspaceId = await deps.runs.findWorkspaceId(request.runId);
      if (workspaceId === undefined) throw new NotFound('run');
      const approval = Approval.open({
        ...request,
        id: deps.ids.newId(),
        workspaceId,
        now: deps.clock.now(),
      });
      await deps.approvals.add(approval);
      await deps.recordWorkspaceEvent(workspaceId, 'approval.requested', {
        approval: deps.approvalView(approval),
      });
      return approval;
    });
}

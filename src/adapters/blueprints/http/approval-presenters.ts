import {
  APPROVAL_STATUSES,
  type Approval,
  MAX_APPROVAL_COMMENT_LENGTH,
  MAX_APPROVAL_TITLE_LENGTH,
} from '../../../domain/blueprints/approval.ts';
import type { JsonObject } from '../../../domain/kernel/json-document.ts';
import { closedObject, TEXT, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import type { OutboundWebhookSpec } from '../../platform/http/openapi.ts';
import type { JsonSchema } from '../../platform/http/route.ts';
import { TAGS } from '../../platform/http/tags.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An approval as the API shows it (and as `approval.requested` messages carry it). */
export function presentApproval(approval: Approval): JsonObject {
  return {
    id: approval.id,
    workspace_id: approval.workspaceId,
    run_id: approval.runId,
    node_id: approval.nodeId,
    tool_call_id: approval.toolCallId,
    title: approval.title,
    payload: approval.payload ?? null,
    status: approval.status,
    decided_by: approval.decidedBy,
    comment: approval.comment,
    created_at: approval.createdAt.toISOString(),
    expires_at: iso(approval.expiresAt),
    decided_at: iso(approval.decidedAt),
  };
}

export const approvalUrl = (approval: Pick<Approval, 'id'>) => `/api/approvals/${approval.id}`;

const nullableTimestamp: JsonSchema = { ...timestamp, type: ['string', 'null'] };
const nullableText = (maxLength: number, description: string): JsonSchema => ({
  type: ['string', 'null'],
  maxLength,
  description,
});

export const approvalStatus: JsonSchema = { type: 'string', enum: [...APPROVAL_STATUSES] };

export const approval: JsonSchema = closedObject({
  id: uuid,
  workspace_id: uuid,
  run_id: { ...uuid, description: 'The run waiting for the decision.' },
  node_id: nullableText(64, 'The `approval` node that opened it (for a tool call, null or the tool name).'),
  tool_call_id: nullableText(200, "The agent's tool call it gates; null for an `approval` node."),
  title: { type: 'string', maxLength: MAX_APPROVAL_TITLE_LENGTH },
  payload: { description: "What is decided on: the step's input, or the tool call's arguments (any JSON)." },
  status: {
    ...approvalStatus,
    description: '`expired`: its `timeout_seconds` ran out, or its run ended first (the comment says so).',
  },
  decided_by: nullableText(100, "The deciding user's id, or the API key's id."),
  comment: nullableText(MAX_APPROVAL_COMMENT_LENGTH, 'The decision comment.'),
  created_at: timestamp,
  expires_at: { ...nullableTimestamp, description: 'When it expires unless decided; null: never.' },
  decided_at: { ...nullableTimestamp, description: 'When it was decided or expired.' },
});

export const decideApprovalRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    comment: { type: 'string', maxLength: MAX_APPROVAL_COMMENT_LENGTH, pattern: TEXT },
  },
};

/** The `approval.requested` message, as OpenAPI 3.1 `webhooks` describes it. */
export const approvalRequestedWebhook: OutboundWebhookSpec = {
  name: 'approval.requested',
  operationId: 'approval_requested_webhook',
  summary: 'An approval waits for a decision',
  description:
    'Sent to every enabled endpoint of the workspace subscribed to `approval.requested` when an `approval` step ' +
    "or an agent's tool call opens an approval, signed per Standard Webhooks, after the transaction that opened " +
    'it committed; retried as run messages are. Decide it with `POST /api/approvals/{id}/approve` or `/reject`.',
  tags: [TAGS.notifications],
  schema: closedObject({
    type: { type: 'string', const: 'approval.requested' },
    timestamp: { ...timestamp, description: 'When the approval was opened.' },
    data: closedObject({ approval: { ...approval, description: 'As `GET /api/approvals/{id}` shows it.' } }),
  }),
};

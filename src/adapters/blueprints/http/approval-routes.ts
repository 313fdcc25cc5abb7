import type { ThroughBlueprints } from '../../../composition/blueprints.ts';
import type { ApprovalDecision, ApprovalStatus } from '../../../domain/blueprints/approval.ts';
import { idParams, page, uuid } from '../../platform/http/common-schemas.ts';
import { listQuery, pageRequestOf, presentPageWithin } from '../../platform/http/pagination.ts';
import { ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { approval, approvalStatus, decideApprovalRequest, presentApproval } from './approval-presenters.ts';

const listApprovalsQuery = listQuery(
  {
    workspace_id: { ...uuid, description: 'The workspace whose approvals to list.' },
    status: { ...approvalStatus, description: 'Only approvals of this status (`pending`: those to decide).' },
  },
  ['workspace_id'],
);

/** Approvals: people in the loop of blueprint runs and agents' tool calls (CONTRACT section 9). */
export function approvalRoutes(deps: ThroughBlueprints): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.workers);
  const decide = (decision: ApprovalDecision, verb: 'approve' | 'reject') =>
    bearer.post(`/api/approvals/{id}/${verb}`, {
      operationId: `${verb}Approval`,
      summary: `${verb === 'approve' ? 'Approve' : 'Reject'} a pending approval (admins)`,
      description:
        (decision === 'approved'
          ? 'The waiting step succeeds with output `{approved: true, by, comment}` (a tool call then runs).'
          : 'The waiting step fails with `error.code = "rejected"` (a tool call answers the model with the refusal).') +
        ' An approval decided already, or expired, is 409.',
      params: idParams,
      body: decideApprovalRequest,
      errors: [403, 409],
      responses: { 200: { description: 'The decided approval.', schema: approval } },
      handler: async (ctx, { principal, params, body }) => {
        const comment = (body as { comment?: string } | undefined)?.comment ?? null;
        ok(ctx, presentApproval(await deps.decideApproval(principal, params.id, decision, comment)));
      },
    });
  return [
    bearer.get('/api/approvals', {
      operationId: 'listApprovals',
      summary: "A workspace's approvals",
      description: 'Newest first; `status=pending` lists those waiting for a decision.',
      query: listApprovalsQuery,
      errors: [404],
      responses: { 200: { description: 'One page of approvals.', schema: page(approval) } },
      handler: async (ctx, { principal, query }) => {
        const found = await deps.listApprovals(
          principal,
          {
            workspaceId: query.workspace_id as string,
            status: query.status as ApprovalStatus | undefined,
          },
          pageRequestOf(query),
        );
        ok(
          ctx,
          presentPageWithin(found, presentApproval, (a) => a),
        );
      },
    }),
    bearer.get('/api/approvals/{id}', {
      operationId: 'getApproval',
      summary: 'An approval',
      description: 'Its status, what it is about (`payload`) and, once decided, who decided and why.',
      params: idParams,
      responses: { 200: { description: 'The approval.', schema: approval } },
      handler: async (ctx, { principal, params }) =>
        ok(ctx, presentApproval(await deps.getApproval(principal, params.id))),
    }),
    decide('approved', 'approve'),
    decide('rejected', 'reject'),
  ];
}

import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { APPROVAL_STATUSES, type Approval, type ApprovalStatus } from '../../../domain/blueprints/index.ts';
import { InvalidInput } from '../../../domain/kernel/errors.ts';
import { html } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, consolePost, formError, workspaceOf } from './console-context.ts';
import { consolePageRoute, type FormRefusal, sendConsolePage } from './console-handlers.ts';
import { csrf, curl, curlBox, field, pageOf, pager, shortId, table } from './kit.ts';

const NOTICES: Record<string, string> = { approved: 'Approved.', rejected: 'Rejected.' };

/** The approvals inbox of a workspace: pending first (any status by filter), approve or reject with a comment. */
export function approvalConsole(router: Router, deps: WebDeps): void {
  const inbox = async (ctx: Context, req: ConsoleRequest, id: string, error?: FormRefusal) => {
    const view = await workspaceOf(deps, req, id);
    const asked = String(ctx.query.status ?? 'pending');
    if (!APPROVAL_STATUSES.includes(asked as ApprovalStatus))
      throw new InvalidInput('choose a status from the list');
    const status = asked as ApprovalStatus;
    const approvals = await deps.listApprovals(req.principal, { workspaceId: id, status }, pageOf(ctx.query));
    const decide = (a: Approval) =>
      a.status !== 'pending'
        ? (a.comment ?? '')
        : html`<form method="post" action="/console/approvals/${a.id}/decide">${csrf(req.viewer)}
<label for="comment-${a.id}">Comment<input type="text" id="comment-${a.id}" name="comment" maxlength="2000"></label>
<button type="submit" name="decision" value="approved" aria-label="Approve ${a.title}">Approve</button>
<button type="submit" name="decision" value="rejected" class="secondary" aria-label="Reject ${a.title}">Reject</button>
</form>`;
    const body = html`<section class="card"><h1>Approvals</h1>
<form method="get" action="/console/w/${id}/approvals" class="filters">
${field({ name: 'status', label: 'Status', options: APPROVAL_STATUSES, value: status })}
<button type="submit">Show</button>
</form>
${table<Approval>(
  'Approvals',
  [
    { label: 'Title', cell: (a) => a.title },
    {
      label: 'Run',
      cell: (a) => html`<a href="/console/runs/${a.runId}"><code>${shortId(a.runId)}</code></a>`,
    },
    { label: 'Asked', cell: (a) => formatTime(a.createdAt) },
    { label: 'Expires', cell: (a) => (a.expiresAt ? formatTime(a.expiresAt) : 'never') },
    { label: 'Details', cell: (a) => html`<code>${JSON.stringify(a.payload ?? null)}</code>` },
    { label: 'Decision', cell: decide },
  ],
  approvals.items,
  `No ${status} approvals.`,
)}
${pager(`/console/w/${id}/approvals`, { status }, approvals.next)}
</section>
${curlBox(curl('GET', `/api/approvals?workspace_id=${id}&status=pending`), curl('POST', '/api/approvals/$APPROVAL/approve', { comment: 'ok' }))}`;
    const notice = NOTICES[String(ctx.query.notice)];
    sendConsolePage(ctx, req, { title: 'Approvals', workspace: view.workspace, notice, error }, body);
  };

  consolePageRoute(router, deps, '/console/w/:id/approvals', (ctx, req) =>
    inbox(ctx, req, ctx.params.id as string),
  );

  router.post('/console/approvals/:approval/decide', async (ctx) => {
    const req = await consolePost(ctx, deps);
    if (!req) return;
    const approvalId = ctx.params.approval as string;
    const approval = await deps.getApproval(req.principal, approvalId);
    try {
      const decision = req.form.decision;
      if (decision !== 'approved' && decision !== 'rejected')
        throw new InvalidInput('choose approve or reject');
      const comment = (req.form.comment ?? '').trim();
      if (comment.length > 2000) throw new InvalidInput('the comment must be at most 2000 characters');
      await deps.decideApproval(req.principal, approvalId, decision, comment === '' ? null : comment);
      seeOther(ctx, `/console/w/${approval.workspaceId}/approvals?notice=${decision}`);
    } catch (error) {
      ctx.query = { status: 'pending' };
      await inbox(ctx, req, approval.workspaceId, formError(error));
    }
  });
}

import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { MemberView, WorkspaceMembershipView } from '../../../application/workspaces/index.ts';
import { ROLES } from '../../../domain/kernel/roles.ts';
import type { Invitation } from '../../../domain/workspaces/index.ts';
import { html } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, choice, requiredText, workspaceOf } from './console-context.ts';
import {
  consoleActionRoute,
  consoleFormRoute,
  consolePageRoute,
  type FormRefusal,
  sendConsolePage,
  workspacePageRoutes,
} from './console-handlers.ts';
import { actionButton, curl, curlBox, field, pageOf, pager, postForm, table } from './kit.ts';

const NOTICES: Record<string, string> = {
  created: 'The workspace was created.',
  invited: 'The invitation was sent.',
  revoked: 'The invitation was revoked.',
};
const notice = (ctx: Context) => NOTICES[String(ctx.query.notice)];

/** Workspaces (list, create) and one workspace's members and invitations (invite, revoke). */
export function workspaceConsole(router: Router, deps: WebDeps): void {
  const listPage = async (ctx: Context, req: ConsoleRequest, error?: FormRefusal, name = '') => {
    const page = await deps.listWorkspaces(req.principal, pageOf(ctx.query));
    const rows = table<WorkspaceMembershipView>(
      'Your workspaces',
      [
        {
          label: 'Name',
          cell: ({ workspace }) => html`<a href="/console/w/${workspace.id}">${workspace.name}</a>`,
        },
        { label: 'Your role', cell: ({ role }) => role },
        { label: 'Created', cell: ({ workspace }) => formatTime(workspace.createdAt) },
      ],
      page.items,
      'You belong to no workspace yet.',
    );
    const body = html`<section class="card"><h1>Workspaces</h1>${rows}${pager('/console', {}, page.next)}</section>
<section class="card"><h2>New workspace</h2>
${postForm(req.viewer, '/console/workspaces', 'Create workspace', field({ name: 'name', label: 'Name', value: name, required: true }))}
</section>
${curlBox(curl('GET', '/api/workspaces'), curl('POST', '/api/workspaces', { name: 'Team' }))}`;
    sendConsolePage(ctx, req, { title: 'Workspaces', notice: notice(ctx), error }, body);
  };

  consolePageRoute(router, deps, '/console', (ctx, req) => listPage(ctx, req));

  consoleFormRoute(
    router,
    deps,
    '/console/workspaces',
    async (ctx, req) => {
      const created = await deps.createWorkspace(req.principal, {
        name: requiredText(req.form, 'name', 'the name', 200),
      });
      seeOther(ctx, `/console/w/${created.workspace.id}?notice=created`);
    },
    (ctx, req, error) => listPage(ctx, req, error, req.form.name),
  );

  const membersPage = async (ctx: Context, req: ConsoleRequest, id: string, error?: FormRefusal) => {
    const view = await workspaceOf(deps, req, id);
    const owner = view.role === 'owner';
    const members = await deps.listMembers(req.principal, id, pageOf(ctx.query));
    const invitations = owner ? await deps.listInvitations(req.principal, id, { limit: 200 }) : undefined;
    const body = html`<section class="card"><h1>${view.workspace.name}</h1>
<p>Your role: <strong>${view.role}</strong></p>
<h2>Members</h2>
${table<MemberView>(
  'Members',
  [
    { label: 'Name', cell: (m) => m.displayName },
    { label: 'Username', cell: (m) => m.username },
    { label: 'Role', cell: (m) => m.membership.role },
    { label: 'Since', cell: (m) => formatTime(m.membership.createdAt) },
  ],
  members.items,
  'No members.',
)}
${pager(`/console/w/${id}`, {}, members.next)}
</section>
${
  invitations &&
  html`<section class="card"><h2>Invitations</h2>
${table<Invitation>(
  'Open invitations',
  [
    { label: 'Invitee', cell: (i) => i.invitee },
    { label: 'Role', cell: (i) => i.role },
    { label: 'Expires', cell: (i) => formatTime(i.expiresAt) },
    {
      label: 'Actions',
      cell: (i) =>
        actionButton(
          req.viewer,
          `/console/w/${id}/invitations/${i.id}/revoke`,
          'Revoke',
          `Revoke the invitation of ${i.invitee}`,
        ),
    },
  ],
  invitations.items,
  'No open invitations.',
)}
<h2>Invite someone</h2>
${postForm(
  req.viewer,
  `/console/w/${id}/invitations`,
  'Invite',
  html`${field({ name: 'username_or_email', label: 'Username or e-mail', required: true })}${field({ name: 'role', label: 'Role', options: ROLES, value: 'member' })}`,
)}
</section>`
}
${curlBox(
  curl('GET', `/api/workspaces/${id}/members`),
  curl('POST', `/api/workspaces/${id}/invitations`, {
    username_or_email: 'grace@example.com',
    role: 'member',
  }),
)}`;
    const { workspace } = view;
    sendConsolePage(ctx, req, { title: workspace.name, workspace, notice: notice(ctx), error }, body);
  };

  workspacePageRoutes(router, deps, {
    path: '/console/w/:id',
    formPath: '/console/w/:id/invitations',
    render: membersPage,
    submit: async (ctx, req, id) => {
      await deps.inviteMember(req.principal, id, {
        usernameOrEmail: requiredText(req.form, 'username_or_email', 'the username or e-mail', 320),
        role: choice(req.form, 'role', 'a role', ROLES),
      });
      seeOther(ctx, `/console/w/${id}?notice=invited`);
    },
  });

  consoleActionRoute(router, deps, '/console/w/:id/invitations/:invitation/revoke', async (ctx, req) => {
    await deps.revokeInvitation(req.principal, ctx.params.id as string, ctx.params.invitation as string);
    return `/console/w/${ctx.params.id}?notice=revoked`;
  });
}

import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { ApiKey } from '../../../domain/api-keys/index.ts';
import { apiKeyPrefix } from '../../../domain/api-keys/index.ts';
import { InvalidInput } from '../../../domain/kernel/errors.ts';
import { API_KEY_ROLES } from '../../../domain/kernel/roles.ts';
import { html, type SafeHtml } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { ipOf, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, choice, requiredText, workspaceOf } from './console-context.ts';
import {
  consoleActionRoute,
  type FormRefusal,
  sendConsolePage,
  workspacePageRoutes,
} from './console-handlers.ts';
import { actionButton, curl, curlBox, field, pageOf, pager, postForm, shownOnce, table } from './kit.ts';

interface Shown {
  readonly error?: FormRefusal;
  /** A key just made: shown this once. */
  readonly issued?: string;
}

/** A workspace's API keys (admins): list, create (the key shown once), revoke. */
export function keyConsole(router: Router, deps: WebDeps): void {
  const keysPage = async (ctx: Context, req: ConsoleRequest, id: string, shown: Shown = {}) => {
    const view = await workspaceOf(deps, req, id);
    const keys = await deps.listApiKeys(req.principal, id, pageOf(ctx.query));
    const body: SafeHtml = html`${shown.issued && shownOnce('Your new API key', shown.issued)}
<section class="card"><h1>API keys</h1>
${table<ApiKey>(
  'API keys',
  [
    { label: 'Name', cell: (k) => k.name },
    { label: 'Role', cell: (k) => k.role },
    { label: 'Prefix', cell: (k) => html`<code>${apiKeyPrefix(k.keyId)}</code>` },
    { label: 'Last used', cell: (k) => (k.lastUsedAt ? formatTime(k.lastUsedAt) : 'never') },
    { label: 'Expires', cell: (k) => (k.expiresAt ? formatTime(k.expiresAt) : 'never') },
    {
      label: 'Actions',
      cell: (k) =>
        actionButton(
          req.viewer,
          `/console/w/${id}/keys/${k.id}/revoke`,
          'Revoke',
          `Revoke the key ${k.name}`,
        ),
    },
  ],
  keys.items,
  'No API keys yet.',
)}
${pager(`/console/w/${id}/keys`, {}, keys.next)}
</section>
<section class="card"><h2>New API key</h2>
${postForm(
  req.viewer,
  `/console/w/${id}/keys`,
  'Create key',
  html`${field({ name: 'name', label: 'Name', required: true, value: shown.error ? req.form?.name : '' })}
${field({ name: 'role', label: 'Role', options: API_KEY_ROLES, value: 'member' })}
${field({ name: 'expires_at', label: 'Expires (optional, UTC)', type: 'datetime-local', hint: 'Leave empty for a key that does not expire.' })}`,
)}
</section>
${curlBox(curl('GET', `/api/workspaces/${id}/api-keys`), curl('POST', `/api/workspaces/${id}/api-keys`, { name: 'ci', role: 'member' }))}`;
    const notice = ctx.query.notice === 'revoked' ? 'The key was revoked.' : undefined;
    sendConsolePage(
      ctx,
      req,
      { title: 'API keys', workspace: view.workspace, notice, error: shown.error },
      body,
    );
  };

  workspacePageRoutes(router, deps, {
    path: '/console/w/:id/keys',
    render: (ctx, req, id, error) => keysPage(ctx, req, id, error && { error }),
    submit: async (ctx, req, id) => {
      const input = {
        name: requiredText(req.form, 'name', 'the name', 100),
        role: choice(req.form, 'role', 'a role', API_KEY_ROLES),
        expiresAt: expiry(req.form.expires_at),
      };
      const { key } = await deps.createApiKey(req.principal, id, input, ipOf(ctx));
      await keysPage(ctx, req, id, { issued: key });
    },
  });

  consoleActionRoute(router, deps, '/console/w/:id/keys/:key/revoke', async (ctx, req) => {
    await deps.revokeApiKey(req.principal, ctx.params.id as string, ctx.params.key as string, ipOf(ctx));
    return `/console/w/${ctx.params.id}/keys?notice=revoked`;
  });
}

/** A `datetime-local` value read as UTC; empty is no expiry. */
function expiry(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(/Z$/.test(value) ? value : `${value}Z`);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value) || Number.isNaN(date.getTime())) {
    throw new InvalidInput('the expiry is not a date and time');
  }
  return date;
}

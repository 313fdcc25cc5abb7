import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { MessageWithAttempts } from '../../../application/webhooks/index.ts';
import { InvalidInput } from '../../../domain/kernel/errors.ts';
import type { DeliveryAttempt, WebhookEndpoint } from '../../../domain/webhooks/index.ts';
import { html } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, workspaceOf } from './console-context.ts';
import { consoleActionRoute, type FormRefusal, itemPageRoutes, sendConsolePage } from './console-handlers.ts';
import {
  actionButton,
  curl,
  curlBox,
  field,
  pageOf,
  pager,
  postForm,
  shortId,
  shownOnce,
  table,
} from './kit.ts';

const NOTICES: Record<string, string> = {
  enabled: 'The endpoint is enabled.',
  disabled: 'The endpoint is disabled.',
  resent: 'The message is queued to be sent again.',
};

interface EndpointExtras {
  readonly error?: FormRefusal;
  readonly notice?: string;
  /** Just rotated: the new secret, shown this once. */
  readonly rotated?: WebhookEndpoint;
}

/** Where the endpoint stands: enabled, or disabled and why. */
export const endpointState = (e: WebhookEndpoint) =>
  e.enabled ? 'enabled' : `disabled (${(e.disabledReason ?? 'by_user').replace('_', ' ')})`;

const attempts = (list: readonly DeliveryAttempt[]) =>
  list.length === 0
    ? html`<span class="muted">none yet</span>`
    : html`<ol class="attempts">${list.map(
        (a) =>
          html`<li>${formatTime(a.attemptedAt)}: ${a.responseStatus ?? 'no answer'}${a.error ? html` <span class="refused">${a.error}</span>` : ''} (${a.durationMs} ms)</li>`,
      )}</ol>`;

/** One endpoint: what it hears, enable/disable, rotate, delete (confirmed), its messages and their attempts. */
export function endpointPage(router: Router, deps: WebDeps): void {
  const render = async (
    ctx: Context,
    req: ConsoleRequest,
    endpointId: string,
    extras: EndpointExtras = {},
  ) => {
    const endpoint = extras.rotated ?? (await deps.getWebhookEndpoint(req.principal, endpointId));
    const view = await workspaceOf(deps, req, endpoint.workspaceId);
    const admin = view.role !== 'member';
    const messages = await deps.listWebhookMessages(req.principal, endpoint.id, pageOf(ctx.query));
    const base = `/console/webhook-endpoints/${endpoint.id}`;
    const toggle = endpoint.enabled ? 'disable' : 'enable';
    const body = html`${extras.rotated && shownOnce(`The new signing secret of ${endpoint.url}`, endpoint.signingSecret)}
<section class="card"><h1>Endpoint <code>${endpoint.url}</code></h1>
<dl>
<dt>Events</dt><dd>${endpoint.eventTypes.join(', ')}</dd>
<dt>State</dt><dd>${endpointState(endpoint)}</dd>
<dt>Description</dt><dd>${endpoint.description ?? '—'}</dd>
<dt>Created</dt><dd>${formatTime(endpoint.createdAt)}</dd>
</dl>
<p><a href="/console/w/${endpoint.workspaceId}/webhooks">All endpoints</a></p>
${
  admin &&
  html`<div class="actions">
${actionButton(req.viewer, `${base}/${toggle}`, toggle === 'enable' ? 'Enable' : 'Disable', `${toggle === 'enable' ? 'Enable' : 'Disable'} this endpoint`)}
${actionButton(req.viewer, `${base}/rotate`, 'Rotate secret', 'Rotate secret of this endpoint')}
</div>
<h2>Delete</h2>
${postForm(req.viewer, `${base}/delete`, 'Delete endpoint', field({ name: 'confirm', label: 'Type the URL to confirm', hint: 'The endpoint and its messages are deleted; nothing more is sent to it.' }))}`
}
</section>
<section class="card"><h2>Messages</h2>
${table<MessageWithAttempts>(
  'Messages',
  [
    { label: 'Message', cell: ({ message }) => html`<code>${shortId(message.id)}</code>` },
    { label: 'Event', cell: ({ message }) => message.eventType },
    { label: 'Created', cell: ({ message }) => formatTime(message.createdAt) },
    {
      label: 'Status',
      cell: ({ message }) => html`<span class="status ${message.status}">${message.status}</span>`,
    },
    { label: 'Attempts', cell: (m) => attempts(m.attempts) },
    {
      label: 'Resend',
      cell: ({ message }) =>
        admin
          ? actionButton(
              req.viewer,
              `/console/webhook-messages/${message.id}/resend`,
              'Resend',
              `Resend message ${message.id}`,
            )
          : '—',
    },
  ],
  messages.items,
  'No messages yet.',
)}
${pager(base, {}, messages.next)}
</section>
${curlBox(
  curl('GET', `/api/webhook-endpoints/${endpoint.id}/messages`),
  curl('PATCH', `/api/webhook-endpoints/${endpoint.id}`, { enabled: false }),
  curl('POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`),
  curl('DELETE', `/api/webhook-endpoints/${endpoint.id}`),
  curl('POST', '/api/webhook-messages/$MESSAGE/resend'),
)}`;
    const page = { title: 'Webhook endpoint', workspace: view.workspace, ...extras };
    sendConsolePage(ctx, req, page, body);
  };

  itemPageRoutes(router, deps, {
    path: '/console/webhook-endpoints/:endpoint',
    page: (ctx, req, id) => render(ctx, req, id, { notice: NOTICES[String(ctx.query.notice)] }),
    refused: (ctx, req, id, error) => render(ctx, req, id, { error }),
    forms: {
      rotate: async (ctx, req, id) => {
        const rotated = await deps.rotateWebhookEndpointSecret(req.principal, id);
        await render(ctx, req, rotated.id, {
          rotated,
          notice: 'The secret was rotated: messages carry signatures under both for a day.',
        });
      },
      delete: async (ctx, req, id) => {
        const endpoint = await deps.getWebhookEndpoint(req.principal, id);
        if ((req.form.confirm ?? '').trim() !== endpoint.url) {
          // Checked after the role, so a member is refused (403) whatever they typed.
          await deps.workspaceAccess(req.principal, endpoint.workspaceId, 'admin', 'webhook endpoint');
          throw new InvalidInput('type the endpoint URL exactly to confirm the deletion');
        }
        await deps.deleteWebhookEndpoint(req.principal, endpoint.id);
        seeOther(ctx, `/console/w/${endpoint.workspaceId}/webhooks?notice=deleted`);
      },
    },
  });

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    consoleActionRoute(router, deps, `/console/webhook-endpoints/:endpoint/${action}`, async (ctx, req) => {
      const endpoint = await deps.updateWebhookEndpoint(req.principal, ctx.params.endpoint as string, {
        enabled,
      });
      return `/console/webhook-endpoints/${endpoint.id}?notice=${action}d`;
    });
  }

  consoleActionRoute(router, deps, '/console/webhook-messages/:message/resend', async (ctx, req) => {
    const { message } = await deps.resendWebhookMessage(req.principal, ctx.params.message as string);
    return `/console/webhook-endpoints/${message.endpointId}?notice=resent`;
  });
}

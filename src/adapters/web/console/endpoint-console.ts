import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { InvalidInput } from '../../../domain/kernel/errors.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint } from '../../../domain/webhooks/index.ts';
import type { FormFields } from '../form-body.ts';
import { html } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import type { WebDeps } from '../web-context.ts';
import { type ConsoleRequest, requiredText, workspaceOf } from './console-context.ts';
import { type FormRefusal, sendConsolePage, workspacePageRoutes } from './console-handlers.ts';
import { endpointPage, endpointState } from './endpoint-page.ts';
import { curl, curlBox, field, pageOf, pager, postForm, shownOnce, table } from './kit.ts';

/** A form field's name for an event type (`event_run_failed`: a dot would read as a nested field). */
const eventField = (type: string) => `event_${type.replace('.', '_')}`;

/** The event types ticked in a form; none is bad input, as the API answers it. */
export function eventTypesOf(form: FormFields): string[] {
  const types = WEBHOOK_EVENT_TYPES.filter((type) => form[eventField(type)] === 'on');
  if (types.length === 0) throw new InvalidInput('tick at least one event type');
  return types;
}

/** A workspace's outbound webhook endpoints: the list (oldest first, cursor paging) and a new endpoint. */
export function endpointConsole(router: Router, deps: WebDeps): void {
  const listPage = async (
    ctx: Context,
    req: ConsoleRequest,
    id: string,
    error?: FormRefusal,
    created?: WebhookEndpoint,
  ) => {
    const view = await workspaceOf(deps, req, id);
    const endpoints = await deps.listWebhookEndpoints(req.principal, id, pageOf(ctx.query));
    const ticked = (type: string) => (error ? req.form?.[eventField(type)] === 'on' : true);
    const body = html`${created && shownOnce(`The signing secret of ${created.url}`, created.signingSecret)}
<section class="card"><h1>Outbound webhooks</h1>
<p>Endpoints hear how runs end and when an approval waits, signed per Standard Webhooks.</p>
${table<WebhookEndpoint>(
  'Webhook endpoints',
  [
    { label: 'URL', cell: (e) => html`<a href="/console/webhook-endpoints/${e.id}">${e.url}</a>` },
    { label: 'Events', cell: (e) => e.eventTypes.join(', ') },
    { label: 'State', cell: endpointState },
    { label: 'Created', cell: (e) => formatTime(e.createdAt) },
  ],
  endpoints.items,
  'No endpoints yet.',
)}
${pager(`/console/w/${id}/webhooks`, {}, endpoints.next)}
</section>
${
  view.role !== 'member' &&
  html`<section class="card"><h2>New endpoint</h2>
${postForm(
  req.viewer,
  `/console/w/${id}/webhooks`,
  'Create endpoint',
  html`${field({ name: 'url', label: 'URL', type: 'url', required: true, value: error ? req.form?.url : undefined, hint: 'An https address that answers 2xx.' })}
<fieldset><legend>Event types</legend>
${WEBHOOK_EVENT_TYPES.map((type) => html`<label for="event-${type}"><input type="checkbox" id="event-${type}" name="${eventField(type)}"${ticked(type) ? html` checked` : ''}> ${type}</label>`)}
</fieldset>
${field({ name: 'description', label: 'Description (optional)', value: error ? req.form?.description : undefined })}`,
)}
</section>`
}
${curlBox(curl('GET', `/api/workspaces/${id}/webhook-endpoints`), curl('POST', `/api/workspaces/${id}/webhook-endpoints`, { url: 'https://example.com/hooks', event_types: ['run.failed'] }))}`;
    const notice = ctx.query.notice === 'deleted' ? 'The endpoint was deleted.' : undefined;
    sendConsolePage(ctx, req, { title: 'Outbound webhooks', workspace: view.workspace, notice, error }, body);
  };

  workspacePageRoutes(router, deps, {
    path: '/console/w/:id/webhooks',
    render: listPage,
    submit: async (ctx, req, workspaceId) => {
      const description = (req.form.description ?? '').trim();
      const created = await deps.createWebhookEndpoint(req.principal, workspaceId, {
        url: requiredText(req.form, 'url', 'the URL', 2048),
        eventTypes: eventTypesOf(req.form),
        ...(description && { description }),
      });
      ctx.query = {};
      await listPage(ctx, req, workspaceId, undefined, created);
    },
  });

  endpointPage(router, deps);
}

import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { DeliveryReceipt } from '../../../application/triggers/index.ts';
import { Conflict } from '../../../domain/kernel/errors.ts';
import type { DeliverySummary, Trigger } from '../../../domain/triggers/index.ts';
import { signedTestDelivery } from '../../triggers/index.ts';
import { html, type SafeHtml } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { ipOf, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, workspaceOf } from './console-context.ts';
import { type FormRefusal, itemPageRoutes, sendConsolePage } from './console-handlers.ts';
import { deliveryPage, statusCell } from './delivery-page.ts';
import { curl, curlBox, pageOf, pager, postForm, shortId, table } from './kit.ts';
import { verificationSnippet } from './signature-snippets.ts';

export const webhookUrl = (deps: WebDeps, trigger: Trigger) =>
  `${deps.config.publicUrl}/api/triggers/webhook/${trigger.webhookPath}`;

/** What a trigger page shows above its log: a refused action, or the test delivery just sent. */
interface TriggerExtras {
  readonly error?: FormRefusal;
  readonly sent?: DeliveryReceipt;
}

function sentSection(sent: DeliveryReceipt): SafeHtml {
  return html`<section class="card" aria-labelledby="sent-title"><h2 id="sent-title">Test delivery ${sent.status}</h2>
<p>Signed with the ${sent.scheme} scheme and received through the webhook ingest like any delivery:
<a href="/console/deliveries/${sent.deliveryId}">the delivery</a>${sent.runId ? html`, which queued <a href="/console/runs/${sent.runId}">its run</a>` : ''}.</p>
</section>`;
}

/** A trigger's page: its delivery log (newest first, cursor paging) and "send a signed test delivery". */
export function deliveryConsole(router: Router, deps: WebDeps): void {
  const render = async (ctx: Context, req: ConsoleRequest, triggerId: string, extras: TriggerExtras = {}) => {
    const trigger = await deps.getTrigger(req.principal, triggerId);
    const view = await workspaceOf(deps, req, trigger.workspaceId);
    const log = await deps.listDeliveries(req.principal, trigger.id, {}, pageOf(ctx.query));
    const admin = view.role !== 'member';
    const body = html`${extras.sent && sentSection(extras.sent)}
<section class="card"><h1>Trigger ${trigger.name}</h1>
<p>${trigger.signatureScheme} scheme, ${trigger.enabled ? 'enabled' : 'disabled'}: <code>${webhookUrl(deps, trigger)}</code>.
<a href="/console/missions/${trigger.missionId}">Its mission</a></p>
</section>
<section class="card"><h2>Send a signed test delivery</h2>
<p>The server signs <code>{"test":true}</code> with this trigger's secret, as its ${trigger.signatureScheme} sender would, and
sends it through the webhook ingest: it is logged below and queues a run like any delivery.</p>
${admin ? postForm(req.viewer, `/console/triggers/${trigger.id}/test-delivery`, 'Send a signed test delivery') : html`<p class="muted">Admins and owners send test deliveries.</p>`}
<p>The same from a shell, with the secret in <code>$SECRET</code> (never shown here again after it was made):</p>
<pre><code id="test-delivery-snippet">${verificationSnippet(trigger.signatureScheme, webhookUrl(deps, trigger))}</code></pre>
</section>
<section class="card"><h2>Delivery log</h2>
${table<DeliverySummary>(
  'Delivery log',
  [
    {
      label: 'Delivery',
      cell: (d) => html`<a href="/console/deliveries/${d.id}"><code>${shortId(d.id)}</code></a>`,
    },
    { label: 'Received', cell: (d) => formatTime(d.receivedAt) },
    { label: 'Status', cell: statusCell },
    { label: 'Size', cell: (d) => `${d.sizeBytes} B` },
    { label: 'Signature', cell: (d) => d.signatureScheme ?? '—' },
    {
      label: 'Run',
      cell: (d) =>
        d.runId ? html`<a href="/console/runs/${d.runId}"><code>${shortId(d.runId)}</code></a>` : '—',
    },
  ],
  log.items,
  'No deliveries yet.',
)}
${pager(`/console/triggers/${trigger.id}`, {}, log.next)}
</section>
${curlBox(curl('GET', `/api/triggers/${trigger.id}/deliveries`), curl('GET', '/api/deliveries/$DELIVERY'))}`;
    const page = { title: `Trigger ${trigger.name}`, workspace: view.workspace, error: extras.error };
    sendConsolePage(ctx, req, page, body);
  };

  itemPageRoutes(router, deps, {
    path: '/console/triggers/:trigger',
    page: (ctx, req, id) => render(ctx, req, id),
    refused: (ctx, req, id, error) => render(ctx, req, id, { error }),
    forms: {
      'test-delivery': async (ctx, req, id) => {
        const trigger = await deps.getTrigger(req.principal, id);
        // A test delivery starts a run: admins and owners, as starting a run through the API (a member: 403).
        await deps.workspaceAccess(req.principal, trigger.workspaceId, 'admin', 'trigger');
        // The ingest answers a disabled trigger's path as an unknown one (404): say why here instead.
        if (!trigger.enabled)
          throw new Conflict('the trigger is disabled: enable it to send a test delivery');
        const incoming = signedTestDelivery(trigger, {
          now: deps.clock.now(),
          id: deps.ids.newId(),
          sourceIp: ipOf(ctx),
        });
        await render(ctx, req, trigger.id, { sent: await deps.receiveDelivery(incoming) });
      },
    },
  });

  deliveryPage(router, deps);
}

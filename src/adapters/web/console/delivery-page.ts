import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { Delivery, DeliverySummary } from '../../../domain/triggers/index.ts';
import { html, type SafeHtml } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, workspaceOf } from './console-context.ts';
import { type FormRefusal, itemPageRoutes, sendConsolePage } from './console-handlers.ts';
import { curl, curlBox, postForm, table } from './kit.ts';

/** Bodies up to this size are shown on the page; a larger one only through the API. */
export const SHOWN_BODY_BYTES = 64 * 1024;

/** Text other than tab, line feed and carriage return below U+0020 (or DEL) reads as binary. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A delivery's status, and why it was refused. */
export const statusCell = (d: DeliverySummary) =>
  html`<span class="status ${d.status}">${d.status}</span>${d.reason ? html` <span class="refused">${d.reason}</span>` : ''}`;

/** The exact bytes as text when they are UTF-8 text, else undefined (binary). */
function textOf(body: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
    return CONTROL.test(text) ? undefined : text;
  } catch {
    return undefined;
  }
}

/** The body as received: byte-exact text (escaped), or why it is not shown and where to read it. */
function bodySection(delivery: Delivery): SafeHtml {
  const api = html`<code>GET /api/deliveries/${delivery.id}</code> returns its exact bytes in base64 (<code>raw_body_base64</code>)`;
  const { body } = delivery;
  if (body === null) {
    return html`<p class="muted">${delivery.bodyPurgedAt ? `The body was purged on ${formatTime(delivery.bodyPurgedAt)} (retention).` : 'No body was kept (only accepted deliveries keep theirs).'}</p>`;
  }
  if (body.byteLength > SHOWN_BODY_BYTES) {
    return html`<p id="delivery-body-note">The body is ${body.byteLength} bytes, too large to show here: ${api}.</p>`;
  }
  const text = textOf(body);
  if (text === undefined) {
    return html`<p id="delivery-body-note">The body is binary (${body.byteLength} bytes), not shown as text: ${api}.</p>`;
  }
  return html`<pre><code id="delivery-body">${text}</code></pre>`;
}

/** One delivery: what was received (body, kept headers), the run it queued, and Replay for admins. */
export function deliveryPage(router: Router, deps: WebDeps): void {
  const render = async (ctx: Context, req: ConsoleRequest, deliveryId: string, error?: FormRefusal) => {
    const delivery = await deps.getDelivery(req.principal, deliveryId);
    const trigger = await deps.getTrigger(req.principal, delivery.triggerId);
    const view = await workspaceOf(deps, req, trigger.workspaceId);
    const replayable = view.role !== 'member' && delivery.status === 'accepted' && delivery.body !== null;
    const headers = Object.entries(delivery.headers).sort(([a], [b]) => a.localeCompare(b));
    const body = html`<section class="card"><h1>Delivery <code>${delivery.id}</code></h1>
<dl>
<dt>Trigger</dt><dd><a href="/console/triggers/${trigger.id}">${trigger.name}</a></dd>
<dt>Status</dt><dd>${statusCell(delivery)}</dd>
<dt>Received</dt><dd>${formatTime(delivery.receivedAt)}</dd>
<dt>Size</dt><dd>${delivery.sizeBytes} bytes</dd>
<dt>Content type</dt><dd>${delivery.contentType ?? '—'}</dd>
<dt>Signature</dt><dd>${delivery.signatureScheme ?? '—'}</dd>
<dt>Idempotency key</dt><dd>${delivery.idempotencyKey ?? '—'}</dd>
<dt>Run</dt><dd>${delivery.runId ? html`<a href="/console/runs/${delivery.runId}">${delivery.runId}</a>` : '—'}</dd>
${delivery.duplicateOf && html`<dt>Repeat of</dt><dd><a href="/console/deliveries/${delivery.duplicateOf}">${delivery.duplicateOf}</a></dd>`}
</dl>
${replayable && postForm(req.viewer, `/console/deliveries/${delivery.id}/replay`, 'Replay')}
</section>
<section class="card"><h2>Body</h2>
${bodySection(delivery)}
<h2>Headers</h2>
<p class="muted">As recorded: only the kept headers, never a signature or credential.</p>
${table<[string, string]>(
  'Headers',
  [
    { label: 'Name', cell: ([name]) => html`<code>${name}</code>` },
    { label: 'Value', cell: ([, value]) => html`<code>${value}</code>` },
  ],
  headers,
  'No headers were kept.',
)}
</section>
${curlBox(curl('GET', `/api/deliveries/${delivery.id}`), curl('POST', `/api/deliveries/${delivery.id}/replay`))}`;
    const page = { title: 'Delivery', workspace: view.workspace, error };
    sendConsolePage(ctx, req, page, body);
  };

  itemPageRoutes(router, deps, {
    path: '/console/deliveries/:delivery',
    page: (ctx, req, id) => render(ctx, req, id),
    refused: render,
    forms: {
      replay: async (ctx, req, id) => {
        const run = await deps.replayDelivery(req.principal, id);
        seeOther(ctx, `/console/runs/${run.id}`);
      },
    },
  });
}

import type { Router } from '@koa/router';
import type { Mission } from '../../../domain/missions/index.ts';
import { TRIGGER_SIGNATURE_SCHEMES, type Trigger } from '../../../domain/triggers/index.ts';
import { html, type SafeHtml } from '../html.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, choice, consolePost, formError, requiredText } from './console-context.ts';
import { webhookUrl } from './delivery-console.ts';
import { actionButton, curl, curlBox, field, postForm, shownOnce, table } from './kit.ts';
import type { RenderMission } from './mission-console.ts';
import { verificationSnippet } from './signature-snippets.ts';

/** A trigger's signing secret, just made (creation or rotation): shown this once, with a signed test delivery. */
export interface ShownSecret {
  readonly trigger: Trigger;
}

/** A secret just made, shown once, with a signed test delivery to paste: the top of the mission's page. */
export function secretSection(deps: WebDeps, shown: ShownSecret | undefined): SafeHtml | undefined {
  return (
    shown &&
    html`${shownOnce(`The signing secret of ${shown.trigger.name}`, shown.trigger.signingSecret)}
<section class="card"><h2>Send a signed test delivery</h2>
<p>Signed with the ${shown.trigger.signatureScheme} scheme, as its sender signs; the answer is 202 with the run it started.</p>
<pre><code id="verification-snippet">${verificationSnippet(shown.trigger.signatureScheme, webhookUrl(deps, shown.trigger), shown.trigger.signingSecret)}</code></pre>
</section>`
  );
}

/** The triggers of a mission's page: list, enable/disable, rotate, create. */
export async function triggerSection(
  deps: WebDeps,
  req: ConsoleRequest,
  mission: Mission,
): Promise<SafeHtml> {
  const triggers = await deps.listTriggers(
    req.principal,
    { workspaceId: mission.workspaceId, missionId: mission.id },
    { limit: 200 },
  );
  return html`<section class="card"><h2>Webhook triggers</h2>
${table<Trigger>(
  'Webhook triggers',
  [
    { label: 'Name', cell: (t) => html`<a href="/console/triggers/${t.id}">${t.name}</a>` },
    { label: 'Scheme', cell: (t) => t.signatureScheme },
    { label: 'URL', cell: (t) => html`<code>${webhookUrl(deps, t)}</code>` },
    { label: 'State', cell: (t) => (t.enabled ? 'enabled' : 'disabled') },
    {
      label: 'Actions',
      cell: (t) =>
        html`${actionButton(req.viewer, `/console/triggers/${t.id}/${t.enabled ? 'disable' : 'enable'}`, t.enabled ? 'Disable' : 'Enable', `${t.enabled ? 'Disable' : 'Enable'} the trigger ${t.name}`)}
${actionButton(req.viewer, `/console/triggers/${t.id}/rotate`, 'Rotate secret', `Rotate secret of ${t.name}`)}`,
    },
  ],
  triggers.items,
  'No webhook triggers yet.',
)}
<h3>New webhook trigger</h3>
${postForm(
  req.viewer,
  `/console/missions/${mission.id}/triggers`,
  'Create trigger',
  html`${field({ name: 'trigger_name', label: 'Trigger name', required: true })}
${field({ name: 'signature_scheme', label: 'Signature scheme', options: TRIGGER_SIGNATURE_SCHEMES, value: 'platform' })}
${field({ name: 'signing_secret', label: "Provider's signing secret (optional)", type: 'password', hint: 'Only for providers that make their own secret (Stripe, Slack, Shopify); else one is generated.' })}`,
)}
</section>
${curlBox(curl('POST', '/api/triggers', { mission_id: mission.id, name: 'github', signature_scheme: 'platform' }), curl('POST', '/api/triggers/$TRIGGER/rotate-secret', {}))}`;
}

export function triggerRoutes(router: Router, deps: WebDeps, render: RenderMission): void {
  router.post('/console/missions/:mission/triggers', async (ctx) => {
    const req = await consolePost(ctx, deps);
    if (!req) return;
    const missionId = ctx.params.mission as string;
    try {
      const secret = (req.form.signing_secret ?? '').trim();
      const trigger = await deps.createTrigger(req.principal, {
        missionId,
        name: requiredText(req.form, 'trigger_name', 'the trigger name', 200),
        signatureScheme: choice(
          req.form,
          'signature_scheme',
          'a signature scheme',
          TRIGGER_SIGNATURE_SCHEMES,
        ),
        ...(secret && { signingSecret: secret }),
      });
      await render(ctx, req, missionId, { secret: { trigger } });
    } catch (error) {
      await render(ctx, req, missionId, { error: formError(error) });
    }
  });

  router.post('/console/triggers/:trigger/rotate', async (ctx) => {
    const req = await consolePost(ctx, deps);
    if (!req) return;
    const triggerId = ctx.params.trigger as string;
    const before = await deps.getTrigger(req.principal, triggerId);
    try {
      const trigger = await deps.rotateTriggerSecret(req.principal, triggerId);
      await render(ctx, req, trigger.missionId, {
        secret: { trigger },
        notice: 'The secret was rotated: the previous one keeps working for a day.',
      });
    } catch (error) {
      await render(ctx, req, before.missionId, { error: formError(error) });
    }
  });

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    router.post(`/console/triggers/:trigger/${action}`, async (ctx) => {
      const req = await consolePost(ctx, deps);
      if (!req) return;
      const trigger = await deps.updateTrigger(req.principal, ctx.params.trigger as string, { enabled });
      seeOther(ctx, `/console/missions/${trigger.missionId}?notice=trigger-${action}d`);
    });
  }
}

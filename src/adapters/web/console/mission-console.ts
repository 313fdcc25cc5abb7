import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { InvalidInput } from '../../../domain/kernel/errors.ts';
import type { Mission, RunPolicyChanges } from '../../../domain/missions/index.ts';
import type { FormFields } from '../form-body.ts';
import { html } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, requiredText, workspaceOf } from './console-context.ts';
import {
  consoleFormRoute,
  consolePageRoute,
  type FormRefusal,
  sendConsolePage,
  workspacePageRoutes,
} from './console-handlers.ts';
import { curl, curlBox, field, pageOf, pager, postForm, table } from './kit.ts';
import { scheduleRoutes, scheduleSection } from './schedule-console.ts';
import { type ShownSecret, secretSection, triggerRoutes, triggerSection } from './trigger-console.ts';

/** What a mission page shows beside the mission: a refused form's message, or a secret shown once. */
export interface MissionExtras {
  readonly error?: FormRefusal;
  readonly secret?: ShownSecret;
  readonly notice?: string;
}
export type RenderMission = (
  ctx: Context,
  req: ConsoleRequest,
  missionId: string,
  extras?: MissionExtras,
) => Promise<void>;

const NOTICES: Record<string, string> = {
  'schedule-created': 'The schedule was created.',
  'schedule-enabled': 'The schedule is enabled.',
  'schedule-disabled': 'The schedule is disabled.',
  'trigger-enabled': 'The trigger is enabled.',
  'trigger-disabled': 'The trigger is disabled.',
};

const POLICY = [
  ['timeout_seconds', 'timeoutSeconds', 'Timeout (seconds)'],
  ['max_attempts', 'maxAttempts', 'Max attempts'],
  ['retry_backoff_seconds', 'retryBackoffSeconds', 'Retry backoff (seconds)'],
  ['concurrency_limit', 'concurrencyLimit', 'Concurrency limit'],
] as const;

/** The policy fields of a form: empty clears one; anything but a whole number is bad input. */
function policyOf(form: FormFields): RunPolicyChanges {
  const policy: Record<string, number | string | null> = {};
  for (const [name, key, label] of POLICY) {
    const value = (form[name] ?? '').trim();
    if (value !== '' && !/^\d{1,9}$/.test(value)) throw new InvalidInput(`${label} must be a whole number`);
    policy[key] = value === '' ? null : Number(value);
  }
  const pointer = (form.concurrency_key ?? '').trim();
  policy.concurrencyKey = pointer === '' ? null : pointer;
  return policy as RunPolicyChanges;
}

/** The policy fields, showing the mission's policy, or the values a refused form sent. */
function policyFields(shown: { mission: Mission } | { form: FormFields | undefined }) {
  const value = (name: string, key: keyof Mission['policy']) =>
    'mission' in shown ? (shown.mission.policy[key]?.toString() ?? '') : shown.form?.[name];
  return html`<fieldset><legend>Run policy (empty: the default)</legend>
${POLICY.map(([name, key, label]) => field({ name, label, value: value(name, key) }))}
${field({ name: 'concurrency_key', label: 'Concurrency key (JSON Pointer)', value: value('concurrency_key', 'concurrencyKey'), hint: 'For example /body/customer_id: the limit then applies per value.' })}
</fieldset>`;
}

/** Missions with their policy; each mission's page holds its triggers and schedules. */
export function missionConsole(router: Router, deps: WebDeps): void {
  const listPage = async (ctx: Context, req: ConsoleRequest, id: string, error?: FormRefusal) => {
    const view = await workspaceOf(deps, req, id);
    const missions = await deps.listMissions(req.principal, id, pageOf(ctx.query));
    const body = html`<section class="card"><h1>Missions</h1>
${table<Mission>(
  'Missions',
  [
    { label: 'Name', cell: (m) => html`<a href="/console/missions/${m.id}">${m.name}</a>` },
    {
      label: 'Timeout',
      cell: (m) => (m.policy.timeoutSeconds === null ? '—' : `${m.policy.timeoutSeconds} s`),
    },
    { label: 'Attempts', cell: (m) => m.policy.maxAttempts ?? '—' },
    { label: 'Created', cell: (m) => formatTime(m.createdAt) },
  ],
  missions.items,
  'No missions yet.',
)}
${pager(`/console/w/${id}/missions`, {}, missions.next)}
</section>
<section class="card"><h2>New mission</h2>
${postForm(req.viewer, `/console/w/${id}/missions`, 'Create mission', html`${field({ name: 'name', label: 'Name', required: true, value: req.form?.name })}${policyFields({ form: req.form })}`)}
</section>
${curlBox(curl('GET', `/api/missions?workspace_id=${id}`), curl('POST', '/api/missions', { workspace_id: id, name: 'Nightly', policy: { timeout_seconds: 600 } }))}`;
    sendConsolePage(ctx, req, { title: 'Missions', workspace: view.workspace, error }, body);
  };

  workspacePageRoutes(router, deps, {
    path: '/console/w/:id/missions',
    render: listPage,
    submit: async (ctx, req, workspaceId) => {
      const name = requiredText(req.form, 'name', 'the name', 200);
      const mission = await deps.createMission(req.principal, {
        workspaceId,
        name,
        policy: policyOf(req.form),
      });
      seeOther(ctx, `/console/missions/${mission.id}`);
    },
  });

  const render: RenderMission = async (ctx, req, missionId, extras = {}) => {
    const mission = await deps.getMission(req.principal, missionId);
    const view = await workspaceOf(deps, req, mission.workspaceId);
    const body = html`${secretSection(deps, extras.secret)}<section class="card"><h1>${mission.name}</h1>
<p><a href="/console/w/${mission.workspaceId}/runs?mission=${mission.id}">Its runs</a></p>
${postForm(req.viewer, `/console/missions/${mission.id}/policy`, 'Save policy', policyFields(extras.error ? { form: req.form } : { mission }))}
</section>
${await triggerSection(deps, req, mission)}
${await scheduleSection(deps, req, mission)}
${curlBox(curl('PATCH', `/api/missions/${mission.id}`, { policy: { max_attempts: 3 } }))}`;
    const { notice, error } = extras;
    sendConsolePage(ctx, req, { title: mission.name, workspace: view.workspace, notice, error }, body);
  };

  consolePageRoute(router, deps, '/console/missions/:mission', (ctx, req) =>
    render(ctx, req, ctx.params.mission as string, { notice: NOTICES[String(ctx.query.notice)] }),
  );

  consoleFormRoute(
    router,
    deps,
    '/console/missions/:mission/policy',
    async (ctx, req) => {
      const missionId = ctx.params.mission as string;
      await deps.updateMission(req.principal, missionId, { policy: policyOf(req.form) });
      await render(ctx, req, missionId, { notice: 'The policy was saved.' });
    },
    (ctx, req, error) => render(ctx, req, ctx.params.mission as string, { error }),
  );

  triggerRoutes(router, deps, render);
  scheduleRoutes(router, deps, render);
}

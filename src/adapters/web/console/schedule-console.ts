import type { Router } from '@koa/router';
import type { Mission } from '../../../domain/missions/index.ts';
import type { Schedule } from '../../../domain/schedules/index.ts';
import { html, type SafeHtml } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, consolePost, formError, requiredText } from './console-context.ts';
import { actionButton, curl, curlBox, field, postForm, table } from './kit.ts';
import type { RenderMission } from './mission-console.ts';

/** How many coming fire times each schedule shows. */
const FIRES_SHOWN = 3;

/** The next fires of an enabled schedule, from its stored next fire time on (its calendar's, daylight saving included). */
function nextFires(deps: WebDeps, schedule: Schedule): Date[] {
  if (!schedule.enabled || schedule.nextFireAt === null) return [];
  const calendar = deps.cronCalendar.fireTimes(schedule.cron, schedule.timezone);
  const fires = [schedule.nextFireAt];
  while (fires.length < FIRES_SHOWN) {
    const next = calendar.nextAfter(fires[fires.length - 1] as Date);
    if (!next) break;
    fires.push(next);
  }
  return fires;
}

/** The schedules of a mission's page: list with next fires, enable/disable, create. */
export async function scheduleSection(
  deps: WebDeps,
  req: ConsoleRequest,
  mission: Mission,
): Promise<SafeHtml> {
  const all = await deps.listSchedules(req.principal, mission.workspaceId, { limit: 200 });
  const schedules = all.items.filter((schedule) => schedule.missionId === mission.id);
  return html`<section class="card"><h2>Schedules</h2>
${table<Schedule>(
  'Schedules',
  [
    { label: 'Name', cell: (s) => s.name },
    { label: 'Cron', cell: (s) => html`<code>${s.cron}</code> ${s.timezone}` },
    { label: 'Next fires', cell: (s) => nextFires(deps, s).map(formatTime).join(', ') || '—' },
    { label: 'State', cell: (s) => (s.enabled ? 'enabled' : 'disabled') },
    {
      label: 'Actions',
      cell: (s) =>
        actionButton(
          req.viewer,
          `/console/schedules/${s.id}/${s.enabled ? 'disable' : 'enable'}`,
          s.enabled ? 'Disable' : 'Enable',
          `${s.enabled ? 'Disable' : 'Enable'} the schedule ${s.name}`,
        ),
    },
  ],
  schedules,
  'No schedules yet.',
)}
<h3>New schedule</h3>
${postForm(
  req.viewer,
  `/console/missions/${mission.id}/schedules`,
  'Create schedule',
  html`${field({ name: 'schedule_name', label: 'Schedule name', required: true })}
${field({ name: 'cron', label: 'Cron (five fields)', required: true, hint: 'For example 0 6 * * 1-5: at 06:00 on weekdays.' })}
${field({ name: 'timezone', label: 'Time zone', value: 'UTC', hint: 'An IANA time zone such as Europe/Oslo.' })}`,
)}
</section>
${curlBox(curl('POST', '/api/schedules', { mission_id: mission.id, name: 'weekdays', cron: '0 6 * * 1-5', timezone: 'Europe/Oslo' }))}`;
}

export function scheduleRoutes(router: Router, deps: WebDeps, render: RenderMission): void {
  router.post('/console/missions/:mission/schedules', async (ctx) => {
    const req = await consolePost(ctx, deps);
    if (!req) return;
    const missionId = ctx.params.mission as string;
    try {
      await deps.createSchedule(req.principal, {
        missionId,
        name: requiredText(req.form, 'schedule_name', 'the schedule name', 200),
        cron: requiredText(req.form, 'cron', 'the cron expression', 200),
        timezone: (req.form.timezone ?? '').trim() || 'UTC',
      });
      seeOther(ctx, `/console/missions/${missionId}?notice=schedule-created`);
    } catch (error) {
      await render(ctx, req, missionId, { error: formError(error) });
    }
  });

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    router.post(`/console/schedules/:schedule/${action}`, async (ctx) => {
      const req = await consolePost(ctx, deps);
      if (!req) return;
      const schedule = await deps.updateSchedule(req.principal, ctx.params.schedule as string, { enabled });
      seeOther(ctx, `/console/missions/${schedule.missionId}?notice=schedule-${action}d`);
    });
  }
}

import type { ThroughSchedules } from '../../../composition/schedules.ts';
import { idParams, page } from '../../platform/http/common-schemas.ts';
import { pageRequestOf, presentPage } from '../../platform/http/pagination.ts';
import { camelCased } from '../../platform/http/request-input.ts';
import { created, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentSchedule, scheduleUrl } from './schedule-presenters.ts';
import {
  createScheduleRequest,
  listSchedulesQuery,
  schedule,
  updateScheduleRequest,
} from './schedule-schemas.ts';

const FIRING =
  ' Each fire time queues one run of the mission, with `trigger: {type: "schedule", schedule_id, fire_time}` ' +
  "and the schedule's `input`, once however many server instances run; fires missed while no instance ran " +
  'are caught up with one run, for the most recent.';

export function scheduleRoutes(deps: ThroughSchedules): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.missions);
  return [
    bearer.post('/api/schedules', {
      operationId: 'createSchedule',
      summary: 'Schedule a mission (admins)',
      description: `A five-field cron expression in an IANA time zone (default UTC).${FIRING}`,
      body: createScheduleRequest,
      errors: [403, 404],
      responses: {
        201: {
          description: 'The new schedule, with its `next_fire_at`.',
          schema: schedule,
          headers: {
            Location: {
              description: 'The schedule: /api/schedules/{id}.',
              schema: { type: 'string', maxLength: 100, pattern: '^/api/schedules/[0-9a-f-]{36}$' },
            },
          },
        },
      },
      handler: async (ctx, { principal, body }) => {
        const added = await deps.createSchedule(principal, camelCased(body));
        created(ctx, presentSchedule(added), scheduleUrl(added));
      },
    }),
    bearer.get('/api/schedules', {
      operationId: 'listSchedules',
      summary: "A workspace's schedules",
      description: 'Newest first.',
      query: listSchedulesQuery,
      errors: [404],
      responses: { 200: { description: 'One page of schedules.', schema: page(schedule) } },
      handler: async (ctx, { principal, query }) => {
        const schedules = await deps.listSchedules(
          principal,
          query.workspace_id as string,
          pageRequestOf(query),
        );
        ok(ctx, presentPage(schedules, presentSchedule));
      },
    }),
    bearer.get('/api/schedules/{id}', {
      operationId: 'getSchedule',
      summary: 'A schedule',
      description: 'With its `next_fire_at` and the fire time of the last run it queued.',
      params: idParams,
      responses: { 200: { description: 'The schedule.', schema: schedule } },
      handler: async (ctx, { principal, params }) =>
        ok(ctx, presentSchedule(await deps.getSchedule(principal, params.id))),
    }),
    bearer.patch('/api/schedules/{id}', {
      operationId: 'updateSchedule',
      summary: 'Change a schedule (admins)',
      description:
        'Changes the fields given (`input: null` clears it); the next fire time is planned again from now. ' +
        'Disabling it stops its fires (`next_fire_at` null); enabling it plans the next one.',
      params: idParams,
      body: updateScheduleRequest,
      errors: [403],
      responses: { 200: { description: 'The changed schedule.', schema: schedule } },
      handler: async (ctx, { principal, params, body }) =>
        ok(ctx, presentSchedule(await deps.updateSchedule(principal, params.id, camelCased(body)))),
    }),
    bearer.delete('/api/schedules/{id}', {
      operationId: 'deleteSchedule',
      summary: 'Delete a schedule (admins)',
      description: 'It fires no more; the runs it queued stay.',
      params: idParams,
      errors: [403],
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { principal, params }) => {
        await deps.deleteSchedule(principal, params.id);
        ctx.status = 204;
      },
    }),
  ];
}

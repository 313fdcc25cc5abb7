import type { ThroughSchedules } from '../../../composition/schedules.ts';
import type { Schedule } from '../../../domain/schedules/schedule.ts';
import * as answer from '../../platform/http/answers.ts';
import { locationHeader } from '../../platform/http/common-schemas.ts';
import { camelCased, onId, onIdWith } from '../../platform/http/request-input.ts';
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
  const shown: answer.View<Schedule> = { schema: schedule, present: presentSchedule };
  return [
    bearer.post('/api/schedules', {
      operationId: 'createSchedule',
      summary: 'Schedule a mission (admins)',
      description: `A five-field cron expression in an IANA time zone (default UTC).${FIRING}`,
      body: createScheduleRequest,
      // 409 `quota_exceeded` past QUOTA_SCHEDULES (limit `schedules`).
      errors: [403, 404, 409],
      ...answer.created(
        shown,
        {
          description: 'The new schedule, with its `next_fire_at`.',
          headers: locationHeader('schedule', 'schedules'),
        },
        ({ principal, body }) => deps.createSchedule(principal, camelCased(body)),
        scheduleUrl,
      ),
    }),
    bearer.get('/api/schedules', {
      operationId: 'listSchedules',
      summary: "A workspace's schedules",
      description: 'Newest first.',
      query: listSchedulesQuery,
      errors: [404],
      ...answer.page(shown, 'One page of schedules.', ({ principal, query }, page) =>
        deps.listSchedules(principal, query.workspace_id as string, page),
      ),
    }),
    bearer.get('/api/schedules/{id}', {
      operationId: 'getSchedule',
      summary: 'A schedule',
      description: 'With its `next_fire_at` and the fire time of the last run it queued.',
      ...answer.one(shown, 'The schedule.', onId(deps.getSchedule)),
    }),
    bearer.patch('/api/schedules/{id}', {
      operationId: 'updateSchedule',
      summary: 'Change a schedule (admins)',
      description:
        'Changes the fields given (`input: null` clears it); the next fire time is planned again from now. ' +
        'Disabling it stops its fires (`next_fire_at` null); enabling it plans the next one.',
      body: updateScheduleRequest,
      errors: [403],
      ...answer.one(shown, 'The changed schedule.', onIdWith(deps.updateSchedule)),
    }),
    bearer.delete('/api/schedules/{id}', {
      operationId: 'deleteSchedule',
      summary: 'Delete a schedule (admins)',
      description: 'It fires no more; the runs it queued stay.',
      errors: [403],
      ...answer.nothing('Deleted.', onId(deps.deleteSchedule)),
    }),
  ];
}

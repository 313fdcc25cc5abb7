import type { ThroughMissions } from '../../../composition/missions.ts';
import type { Mission } from '../../../domain/missions/mission.ts';
import * as answer from '../../platform/http/answers.ts';
import { PAGE_BUDGET_BYTES } from '../../platform/http/pagination.ts';
import { camelCased, onId } from '../../platform/http/request-input.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentMission } from './mission-presenters.ts';
import { createMissionRequest, listMissionsQuery, mission, updateMissionRequest } from './mission-schemas.ts';

/** A validated mission body in domain words: its fields, and those of its `policy`, camelCased. */
function missionInput<T>(body: unknown): T {
  const { policy, ...fields } = body as { policy?: object };
  return camelCased(fields, policy === undefined ? {} : { policy: camelCased(policy) });
}

export function missionRoutes(deps: ThroughMissions): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.missions);
  const shown: answer.View<Mission> = { schema: mission, present: presentMission };
  return [
    bearer.post('/api/missions', {
      operationId: 'createMission',
      summary: 'Create a mission (admins)',
      description:
        'A named workflow definition in a workspace. The definition is a JSON object of at most 64 KiB; the ' +
        'optional `policy` sets the timeouts, retries and concurrency caps of its runs.',
      body: createMissionRequest,
      // 409 `quota_exceeded` past QUOTA_MISSIONS (limit `missions`).
      errors: [403, 404, 409],
      ...answer.created(shown, 'The new mission.', ({ principal, body }) =>
        deps.createMission(principal, missionInput(body)),
      ),
    }),
    bearer.get('/api/missions', {
      operationId: 'listMissions',
      summary: "A workspace's missions",
      description:
        `Newest first. A page ends earlier once its missions reach ${PAGE_BUDGET_BYTES / 1024 / 1024} MiB of JSON ` +
        '(definitions are up to 64 KiB each); `next_cursor` then continues after the last one shown.',
      query: listMissionsQuery,
      errors: [404],
      ...answer.budgetedPage(shown, 'One page of missions.', ({ principal, query }, page) =>
        deps.listMissions(principal, query.workspace_id as string, page),
      ),
    }),
    bearer.get('/api/missions/{id}', {
      operationId: 'getMission',
      summary: 'A mission',
      ...answer.one(shown, 'The mission.', onId(deps.getMission)),
    }),
    bearer.patch('/api/missions/{id}', {
      operationId: 'updateMission',
      summary: 'Change a mission (admins)',
      description:
        'Changes the fields given; `description: null` clears the description. Policy fields given replace ' +
        'the current ones (`null` clears one) and apply to runs queued afterwards.',
      body: updateMissionRequest,
      errors: [403],
      ...answer.one(shown, 'The changed mission.', ({ principal, params, body }) =>
        deps.updateMission(principal, params.id, missionInput(body)),
      ),
    }),
    bearer.delete('/api/missions/{id}', {
      operationId: 'deleteMission',
      summary: 'Delete a mission (admins)',
      description:
        'Deletes the mission and its finished runs; 409 while one of its runs is queued or running.',
      errors: [403, 409],
      ...answer.nothing('Deleted.', onId(deps.deleteMission)),
    }),
  ];
}

import type { CreateMission } from '../../../application/missions/create-mission.ts';
import type { DeleteMission } from '../../../application/missions/delete-mission.ts';
import type { GetMission } from '../../../application/missions/get-mission.ts';
import type { ListMissions } from '../../../application/missions/list-missions.ts';
import type { UpdateMission } from '../../../application/missions/update-mission.ts';
import type { StartRun } from '../../../application/runs/start-run.ts';
import type { Mission, MissionChanges } from '../../../domain/missions/mission.ts';
import { pageRequestOf, presentPage } from '../pagination.ts';
import { principalOf } from '../request-state.ts';
import type { RouteSpec } from '../route.ts';
import { idParams, page } from '../schemas/common.ts';
import {
  createMissionRequest,
  listMissionsQuery,
  mission,
  startRunRequest,
  updateMissionRequest,
} from '../schemas/missions.ts';
import { run } from '../schemas/runs.ts';
import { presentRun } from './run-routes.ts';

export interface MissionRouteDeps {
  createMission: CreateMission;
  listMissions: ListMissions;
  getMission: GetMission;
  updateMission: UpdateMission;
  deleteMission: DeleteMission;
  startRun: StartRun;
}

const tags = ['missions and runs'];

export function presentMission(mission: Mission) {
  return {
    id: mission.id,
    workspace_id: mission.workspaceId,
    name: mission.name,
    description: mission.description,
    definition: mission.definition,
    created_at: mission.createdAt.toISOString(),
    updated_at: mission.updatedAt.toISOString(),
  };
}

export function missionRoutes(deps: MissionRouteDeps): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/api/missions',
      operationId: 'createMission',
      summary: 'Create a mission (admins)',
      description:
        'A named workflow definition in a workspace. The definition is a JSON object of at most 64 KiB.',
      tags,
      security: 'bearer',
      body: createMissionRequest,
      errors: [403, 404],
      responses: { 201: { description: 'The new mission.', schema: mission } },
      handler: async (ctx, { body }) => {
        const input = body as {
          workspace_id: string;
          name: string;
          description?: string | null;
          definition?: object;
        };
        const created = await deps.createMission(principalOf(ctx), {
          workspaceId: input.workspace_id,
          name: input.name,
          description: input.description,
          definition: input.definition,
        });
        ctx.status = 201;
        ctx.body = presentMission(created);
      },
    },
    {
      method: 'GET',
      path: '/api/missions',
      operationId: 'listMissions',
      summary: "A workspace's missions",
      description: 'Newest first.',
      tags,
      security: 'bearer',
      query: listMissionsQuery,
      errors: [404],
      responses: { 200: { description: 'One page of missions.', schema: page(mission) } },
      handler: async (ctx, { query }) => {
        const result = await deps.listMissions(
          principalOf(ctx),
          query.workspace_id as string,
          pageRequestOf(query),
        );
        ctx.body = presentPage(result, presentMission);
      },
    },
    {
      method: 'GET',
      path: '/api/missions/{id}',
      operationId: 'getMission',
      summary: 'A mission',
      tags,
      security: 'bearer',
      params: idParams,
      responses: { 200: { description: 'The mission.', schema: mission } },
      handler: async (ctx, { params }) => {
        ctx.body = presentMission(await deps.getMission(principalOf(ctx), params.id as string));
      },
    },
    {
      method: 'PATCH',
      path: '/api/missions/{id}',
      operationId: 'updateMission',
      summary: 'Change a mission (admins)',
      description: 'Changes the fields given; `description: null` clears the description.',
      tags,
      security: 'bearer',
      params: idParams,
      body: updateMissionRequest,
      errors: [403],
      responses: { 200: { description: 'The changed mission.', schema: mission } },
      handler: async (ctx, { params, body }) => {
        const changed = await deps.updateMission(
          principalOf(ctx),
          params.id as string,
          body as MissionChanges,
        );
        ctx.body = presentMission(changed);
      },
    },
    {
      method: 'DELETE',
      path: '/api/missions/{id}',
      operationId: 'deleteMission',
      summary: 'Delete a mission (admins)',
      description:
        'Deletes the mission and its finished runs; 409 while one of its runs is queued or running.',
      tags,
      security: 'bearer',
      params: idParams,
      errors: [403, 409],
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { params }) => {
        await deps.deleteMission(principalOf(ctx), params.id as string);
        ctx.status = 204;
      },
    },
    {
      method: 'POST',
      path: '/api/missions/{id}/runs',
      operationId: 'startRun',
      summary: 'Start a run of a mission (admins)',
      description: 'Queues a manual run; a worker claims it with POST /api/runs/claim.',
      tags,
      security: 'bearer',
      params: idParams,
      body: startRunRequest,
      errors: [403],
      responses: {
        202: {
          description: 'The queued run.',
          schema: run,
          headers: {
            Location: {
              description: 'The run: /api/runs/{id}.',
              schema: { type: 'string', maxLength: 100, pattern: '^/api/runs/[0-9a-f-]{36}$' },
            },
          },
        },
      },
      handler: async (ctx, { params, body }) => {
        const started = await deps.startRun(
          principalOf(ctx),
          params.id as string,
          body as { input?: object },
        );
        ctx.status = 202;
        ctx.set('Location', `/api/runs/${started.id}`);
        ctx.body = presentRun(started);
      },
    },
  ];
}

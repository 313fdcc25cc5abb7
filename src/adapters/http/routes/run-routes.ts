import type { CancelRun } from '../../../application/runs/cancel-run.ts';
import type { ClaimRun } from '../../../application/runs/claim-run.ts';
import type { CompleteRun } from '../../../application/runs/complete-run.ts';
import type { GetRun } from '../../../application/runs/get-run.ts';
import type { HeartbeatRun } from '../../../application/runs/heartbeat-run.ts';
import type { ListRuns } from '../../../application/runs/list-runs.ts';
import type { Outcome, Run } from '../../../domain/runs/run.ts';
import type { RunStatus } from '../../../domain/runs/run-status.ts';
import { pageRequestOf, presentPage } from '../pagination.ts';
import { principalOf } from '../request-state.ts';
import type { RouteSpec } from '../route.ts';
import { idParams, page } from '../schemas/common.ts';
import { claimRequest, completeRequest, heartbeatRequest, listRunsQuery, run } from '../schemas/runs.ts';

export interface RunRouteDeps {
  listRuns: ListRuns;
  getRun: GetRun;
  cancelRun: CancelRun;
  claimRun: ClaimRun;
  heartbeatRun: HeartbeatRun;
  completeRun: CompleteRun;
}

const tags = ['missions and runs'];
const workerTags = ['agents and orchestration'];
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The one presentation of a run (every route that answers with a run uses it). */
export function presentRun(run: Run) {
  return {
    id: run.id,
    mission_id: run.missionId,
    workspace_id: run.workspaceId,
    status: run.status,
    trigger: { type: run.triggerType, trigger_id: run.triggerId, delivery_id: run.deliveryId },
    input: run.input,
    output: run.output,
    error: run.error,
    attempt: run.attempt,
    lease_expires_at: iso(run.leaseExpiresAt),
    created_at: run.createdAt.toISOString(),
    started_at: iso(run.startedAt),
    finished_at: iso(run.finishedAt),
  };
}

const WORKER_NOTE =
  ' A worker is a login session of a user who is admin (or owner) of the run workspace: only the session ' +
  'that claimed a run may heartbeat or complete it, and only while its lease lasts (409 otherwise).';

export function runRoutes(deps: RunRouteDeps): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/api/runs',
      operationId: 'listRuns',
      summary: "A workspace's runs",
      description: 'Newest first; optionally of one mission and in one state.',
      tags,
      security: 'bearer',
      query: listRunsQuery,
      errors: [404],
      responses: { 200: { description: 'One page of runs.', schema: page(run) } },
      handler: async (ctx, { query }) => {
        const filter = {
          workspaceId: query.workspace_id as string,
          missionId: query.mission_id as string | undefined,
          status: query.status as RunStatus | undefined,
        };
        ctx.body = presentPage(
          await deps.listRuns(principalOf(ctx), filter, pageRequestOf(query)),
          presentRun,
        );
      },
    },
    {
      method: 'GET',
      path: '/api/runs/{id}',
      operationId: 'getRun',
      summary: 'A run',
      tags,
      security: 'bearer',
      params: idParams,
      responses: { 200: { description: 'The run.', schema: run } },
      handler: async (ctx, { params }) => {
        ctx.body = presentRun(await deps.getRun(principalOf(ctx), params.id as string));
      },
    },
    {
      method: 'POST',
      path: '/api/runs/{id}/cancel',
      operationId: 'cancelRun',
      summary: 'Cancel a run (admins)',
      description: 'A queued or running run becomes cancelled; a finished one is 409.',
      tags,
      security: 'bearer',
      params: idParams,
      errors: [403, 409],
      responses: { 200: { description: 'The cancelled run.', schema: run } },
      handler: async (ctx, { params }) => {
        ctx.body = presentRun(await deps.cancelRun(principalOf(ctx), params.id as string));
      },
    },
    {
      method: 'POST',
      path: '/api/runs/claim',
      operationId: 'claimRun',
      summary: 'Claim the oldest queued run (workers)',
      description:
        'Atomically hands out the oldest queued run of the workspace (of the given missions only, when named), ' +
        'marks it running and leases it to the caller for `lease_seconds`. Runs whose lease expired go back ' +
        'to the queue first (attempt + 1), or fail after RUN_MAX_ATTEMPTS attempts.' +
        WORKER_NOTE,
      tags: workerTags,
      security: 'bearer',
      body: claimRequest,
      errors: [403, 404],
      responses: {
        200: { description: 'The claimed run, now running.', schema: run },
        204: { description: 'No run is queued.' },
      },
      handler: async (ctx, { body }) => {
        const input = body as { workspace_id: string; mission_ids?: string[]; lease_seconds?: number };
        const claimed = await deps.claimRun(principalOf(ctx), {
          workspaceId: input.workspace_id,
          missionIds: input.mission_ids,
          leaseSeconds: input.lease_seconds,
        });
        if (claimed) ctx.body = presentRun(claimed);
        else ctx.status = 204;
      },
    },
    {
      method: 'POST',
      path: '/api/runs/{id}/heartbeat',
      operationId: 'heartbeatRun',
      summary: 'Extend the lease on a run (workers)',
      description: `The lease then ends \`lease_seconds\` from now.${WORKER_NOTE}`,
      tags: workerTags,
      security: 'bearer',
      params: idParams,
      body: heartbeatRequest,
      errors: [403, 409],
      responses: { 200: { description: 'The run with its new lease.', schema: run } },
      handler: async (ctx, { params, body }) => {
        const { lease_seconds } = body as { lease_seconds?: number };
        const beat = await deps.heartbeatRun(principalOf(ctx), params.id as string, {
          ...(lease_seconds !== undefined ? { leaseSeconds: lease_seconds } : {}),
        });
        ctx.body = presentRun(beat);
      },
    },
    {
      method: 'POST',
      path: '/api/runs/{id}/complete',
      operationId: 'completeRun',
      summary: 'Report the outcome of a run (workers)',
      description: `The run becomes succeeded or failed, with its output or error.${WORKER_NOTE}`,
      tags: workerTags,
      security: 'bearer',
      params: idParams,
      body: completeRequest,
      errors: [403, 409],
      responses: { 200: { description: 'The finished run.', schema: run } },
      handler: async (ctx, { params, body }) => {
        const completed = await deps.completeRun(principalOf(ctx), params.id as string, body as Outcome);
        ctx.body = presentRun(completed);
      },
    },
  ];
}

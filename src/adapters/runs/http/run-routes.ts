import type { ClaimRunsInput } from '../../../application/runs/claim-runs.ts';
import type { ThroughRuns } from '../../../composition/runs.ts';
import type { Run } from '../../../domain/runs/run.ts';
import * as answer from '../../platform/http/answers.ts';
import { idParams, locationHeader } from '../../platform/http/common-schemas.ts';
import { PAGE_BUDGET_BYTES } from '../../platform/http/pagination.ts';
import { camelCased, onId, onIdWith } from '../../platform/http/request-input.ts';
import { requestTraceparent, TRACEPARENT_HEADER } from '../../platform/http/request-traceparent.ts';
import { accepted, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { runBulkRoute, runFilterOf } from './run-bulk-route.ts';
import {
  presentClaimedRun,
  presentRun,
  presentRunDetail,
  presentRunSummary,
  runUrl,
} from './run-presenters.ts';
import {
  claimRequest,
  claimResponse,
  completeRequest,
  heartbeatRequest,
  listRunsQuery,
  run,
  runDetail,
  runSummary,
  startRunRequest,
} from './run-schemas.ts';

const runLocation = locationHeader('run', 'runs');

const WORKER_NOTE =
  ' A worker is an admin API key of the run workspace, or a login session of a user who is admin (or owner) ' +
  'there: only the key or session that claimed a run may heartbeat or complete it, and only while its lease ' +
  'lasts (409 otherwise).';

export function runRoutes(deps: ThroughRuns): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.missions);
  const worker = bearerRoutes(TAGS.workers);
  const shown: answer.View<Run> = { schema: run, present: presentRun };
  return [
    // Declared first, where the mission routes end: the paths keep their order in the OpenAPI document.
    bearer.post('/api/missions/{id}/runs', {
      operationId: 'startRun',
      summary: 'Start a run of a mission (admins)',
      description: 'Queues a manual run; a worker claims it with POST /api/runs/claim.',
      params: idParams,
      body: startRunRequest,
      requestHeaders: [TRACEPARENT_HEADER],
      // 409 `quota_exceeded` past QUOTA_QUEUED_RUNS_PER_MISSION (limit `queued_runs`).
      errors: [403, 409],
      responses: { 202: { description: 'The queued run.', schema: run, headers: runLocation } },
      handler: async (ctx, { principal, params, body }) => {
        const traceparent = requestTraceparent(ctx, deps.tracer);
        const started = await deps.startRun(principal, params.id, { ...camelCased(body), traceparent });
        accepted(ctx, presentRun(started), runUrl(started));
      },
    }),
    bearer.get('/api/runs', {
      operationId: 'listRuns',
      summary: "A workspace's runs",
      description:
        'Newest first; optionally of one mission, in one state and created in a time window. Items are summaries: a run without its ' +
        '`input` and `output` (`GET /api/runs/{id}` and claims have them). A page holds at most `limit` runs and ' +
        `ends earlier once its runs reach ${PAGE_BUDGET_BYTES / 1024 / 1024} MiB of JSON; \`next_cursor\` then ` +
        'continues after the last run shown.',
      query: listRunsQuery,
      errors: [404],
      ...answer.budgetedPage(
        { schema: runSummary, present: presentRunSummary },
        'One page of runs.',
        ({ principal, query }, page) => deps.listRuns(principal, runFilterOf(query), page),
      ),
    }),
    bearer.get('/api/runs/{id}', {
      operationId: 'getRun',
      summary: 'A run',
      description:
        "The run with its `usage`: an agent run's tokens so far `{input_tokens, output_tokens}`, null for " +
        'other runs (the only answer that has it).',
      ...answer.one({ schema: runDetail, present: presentRunDetail }, 'The run.', onId(deps.getRunDetail)),
    }),
    bearer.post('/api/runs/{id}/cancel', {
      operationId: 'cancelRun',
      summary: 'Cancel a run (admins)',
      description: 'A queued or running run becomes cancelled; a finished one is 409.',
      errors: [403, 409],
      ...answer.one(shown, 'The cancelled run.', onId(deps.cancelRun)),
    }),
    runBulkRoute(deps),
    worker.post('/api/runs/claim', {
      operationId: 'claimRun',
      summary: 'Claim the claimable runs that waited longest (workers)',
      description:
        'Atomically hands out the claimable run of the workspace (of the given missions only, when named) ' +
        'that has waited longest (earliest `not_before`), or with `max_runs` up to that many of them, oldest ' +
        'first; marks each running and leases it to the caller for `lease_seconds` (never past the mission ' +
        'policy timeout). Runs waiting for a concurrency slot or for their retry backoff stay queued and are ' +
        'skipped: a batch never breaks a `concurrency_limit`. Expired leases and timed-out attempts of the ' +
        'workspace are taken back by the claim that finds them: a timed-out attempt fails the run, a lost lease ' +
        'queues it again (attempt + 1, after its backoff) while attempts remain.' +
        WORKER_NOTE,
      body: claimRequest,
      errors: [403, 404],
      responses: {
        200: {
          description:
            'The claimed run, now running; with `max_runs`, `{runs}` holding 1 to `max_runs` of them.',
          schema: claimResponse,
        },
        204: { description: 'No run is claimable.' },
      },
      handler: async (ctx, { principal, body }) => {
        const input = camelCased<ClaimRunsInput>(body);
        if (input.maxRuns === undefined) {
          const claimed = await deps.claimRun(principal, input);
          if (claimed) ok(ctx, presentClaimedRun(claimed));
          else ctx.status = 204;
          return;
        }
        const claimed = await deps.claimRuns(principal, input);
        if (claimed.length > 0) ok(ctx, { runs: claimed.map(presentClaimedRun) });
        else ctx.status = 204;
      },
    }),
    worker.post('/api/runs/{id}/heartbeat', {
      operationId: 'heartbeatRun',
      summary: 'Extend the lease on a run (workers)',
      description: `The lease then ends \`lease_seconds\` from now.${WORKER_NOTE}`,
      body: heartbeatRequest,
      errors: [403, 409],
      ...answer.one(shown, 'The run with its new lease.', onIdWith(deps.heartbeatRun)),
    }),
    worker.post('/api/runs/{id}/complete', {
      operationId: 'completeRun',
      summary: 'Report the outcome of a run (workers)',
      description:
        'The run becomes succeeded or failed, with its output or error. A failure with `retryable: true` ' +
        'queues the run again (attempt + 1, `not_before` after the backoff) while its mission policy allows ' +
        `more attempts.${WORKER_NOTE}`,
      body: completeRequest,
      errors: [403, 409],
      ...answer.one(shown, 'The finished run.', onIdWith(deps.completeRun)),
    }),
  ];
}

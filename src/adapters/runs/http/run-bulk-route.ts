import type { BulkRunFilter, BulkRunResult } from '../../../application/runs/bulk-runs.ts';
import type { ThroughRuns } from '../../../composition/runs.ts';
import { STATUS_BY_KIND } from '../../platform/http/error-middleware.ts';
import { listFilterOf } from '../../platform/http/request-input.ts';
import { ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { bulkRunsRequest, bulkRunsResponse } from './run-bulk-schemas.ts';
import { presentRunSummary } from './run-presenters.ts';

type TimeWindow = { createdAfter?: string | Date; createdBefore?: string | Date };

/** A list or bulk filter in the use cases' words: its timestamps as dates. */
export function runFilterOf<T extends TimeWindow>(query: Record<string, unknown>): T {
  const filter = listFilterOf<T>(query);
  const date = (value: string | Date | undefined) => (value === undefined ? undefined : new Date(value));
  return { ...filter, createdAfter: date(filter.createdAfter), createdBefore: date(filter.createdBefore) };
}

/** One run's outcome as the bulk answer shows it. */
export function presentBulkResult(action: 'cancel' | 'replay', result: BulkRunResult) {
  if ('run' in result) {
    return {
      id: result.id,
      status: action === 'cancel' ? 200 : 202,
      run: presentRunSummary(result.run),
      error: null,
    };
  }
  const { kind, code, message } = result.error;
  return { id: result.id, status: STATUS_BY_KIND[kind], run: null, error: { code, detail: message } };
}

/** `POST /api/runs/bulk`: cancel or replay up to 500 runs, one result each. */
export function runBulkRoute(deps: ThroughRuns): RouteSpec {
  return bearerRoutes(TAGS.missions).post('/api/runs/bulk', {
    operationId: 'bulkRuns',
    summary: 'Cancel or replay many runs (admins)',
    description:
      'Acts on the runs named by `ids`, or on those a `filter` selects, one by one through the same checks as ' +
      '`POST /api/runs/{id}/cancel` and `POST /api/runs/{id}/replay`: a run the action refuses (not found, ' +
      'your role, its state) gets its own error in `results` and the others go on, so the answer is 200 ' +
      'whenever the request itself is valid. Nothing is rolled back. A filter that selects no run answers ' +
      'empty `results`; one that selects more than 500 is 409 and changes nothing.',
    body: bulkRunsRequest,
    errors: [403, 404, 409],
    responses: {
      200: {
        description: 'One result per run, in the order of `ids` (newest first for a filter).',
        schema: bulkRunsResponse,
      },
    },
    handler: async (ctx, { principal, body }) => {
      const { action, ids, filter } = body as {
        action: 'cancel' | 'replay';
        ids?: string[];
        filter?: Record<string, unknown>;
      };
      const results = await deps.bulkRuns(
        principal,
        ids ? { action, ids } : { action, filter: runFilterOf<BulkRunFilter & TimeWindow>(filter ?? {}) },
      );
      const shown = results.map((result) => presentBulkResult(action, result));
      const failed = shown.filter((result) => result.error !== null).length;
      ok(ctx, { action, succeeded: shown.length - failed, failed, results: shown });
    },
  });
}

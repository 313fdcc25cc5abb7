import type { ThroughEvaluations } from '../../../composition/evaluations.ts';
import type { EvaluationItem } from '../../../domain/evaluations/evaluation-item.ts';
import * as answer from '../../platform/http/answers.ts';
import { idParams, locationHeader } from '../../platform/http/common-schemas.ts';
import { pageQuery } from '../../platform/http/pagination.ts';
import { accepted, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { type BearerInput, bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { workspaceListQuery } from './dataset-schemas.ts';
import { presentComparison, presentEvaluation, presentResult } from './evaluation-presenters.ts';
import {
  compareQuery,
  comparison,
  createEvaluationRequest,
  evaluation,
  evaluationResult,
} from './evaluation-schemas.ts';

/** A result with the position its page continues after (the item's id). */
type PositionedItem = EvaluationItem & { readonly id: string };

export function evaluationRoutes(deps: ThroughEvaluations): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.workers);
  return [
    bearer.post('/api/evaluations', {
      operationId: 'createEvaluation',
      summary: 'Evaluate a mission or an agent on a dataset (admins)',
      description:
        'Runs the target once per item, at most `concurrency` at a time, on any server instance: a mission run ' +
        '(workers claim it; its input is the item’s, `{value: <input>}` when that is no object) or a new thread ' +
        'with an agent (`input.message`, or the input when a string), each with `trigger: {type: "evaluation", ' +
        'evaluation_id, item_id}`; then scores each output. Follow it at `GET /api/evaluations/{id}`.',
      body: createEvaluationRequest,
      errors: [403, 404],
      responses: {
        202: {
          description: 'The evaluation, `status: "running"`.',
          schema: evaluation,
          headers: locationHeader('evaluation', 'evaluations'),
        },
      },
      handler: async (ctx, { principal, body }) => {
        const made = await deps.createEvaluation(principal, body as never);
        const view = await deps.getEvaluation(principal, made.id);
        accepted(ctx, presentEvaluation(view), `/api/evaluations/${made.id}`);
      },
    }),
    bearer.get('/api/evaluations', {
      operationId: 'listEvaluations',
      summary: "A workspace's evaluations",
      description: 'Any member. Newest first, each with its summary as `GET /api/evaluations/{id}` gives it.',
      query: workspaceListQuery,
      errors: [404],
      ...answer.page(
        { schema: evaluation, present: presentEvaluation },
        'One page of evaluations.',
        ({ principal, query }, page) => deps.listEvaluations(principal, query.workspace_id as string, page),
      ),
    }),
    bearer.get('/api/evaluations/compare', {
      operationId: 'compareEvaluations',
      summary: 'Compare two evaluations',
      description:
        'Per scorer, the means of `base` and `head` and their difference; the items (matched by id) whose score ' +
        'fell or rose, largest change first (1,000 each at most).',
      query: compareQuery,
      errors: [404],
      responses: { 200: { description: 'The comparison.', schema: comparison } },
      handler: async (ctx, { principal, query }) =>
        ok(
          ctx,
          presentComparison(
            await deps.compareEvaluations(principal, query.base as string, query.head as string),
          ),
        ),
    }),
    bearer.get('/api/evaluations/{id}', {
      operationId: 'getEvaluation',
      summary: 'An evaluation and its summary',
      description:
        'Counts, per scorer the mean and pass rate (scores of 0.5 and up pass), `passed` (it succeeded and every ' +
        'scorer with `min_mean` reached it), latency percentiles of the runs and the tokens they used.',
      params: idParams,
      ...answer.one(
        { schema: evaluation, present: presentEvaluation },
        'The evaluation.',
        ({ principal, params }) => deps.getEvaluation(principal, params.id),
      ),
    }),
    bearer.get('/api/evaluations/{id}/results', {
      operationId: 'listEvaluationResults',
      summary: "An evaluation's results, per item",
      description: 'In dataset order.',
      params: idParams,
      query: pageQuery,
      ...answer.budgetedPage(
        { schema: evaluationResult, present: (item: PositionedItem) => presentResult(item) },
        'One page of results.',
        async ({ principal, params }: BearerInput<'/api/evaluations/{id}/results'>, page) => {
          const found = await deps.listEvaluationResults(principal, params.id, page);
          const items = found.items.map((item): PositionedItem => ({ ...item, id: item.itemId }));
          return { items, next: found.next };
        },
      ),
    }),
    bearer.post('/api/evaluations/{id}/cancel', {
      operationId: 'cancelEvaluation',
      summary: 'Cancel an evaluation (admins)',
      description: 'No item starts any more; its runs in flight are cancelled. A finished evaluation is 409.',
      params: idParams,
      errors: [403, 409],
      ...answer.one(
        { schema: evaluation, present: presentEvaluation },
        'The cancelled evaluation.',
        ({ principal, params }) => deps.cancelEvaluation(principal, params.id),
      ),
    }),
  ];
}

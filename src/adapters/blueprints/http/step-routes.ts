import type { ThroughBlueprints } from '../../../composition/blueprints.ts';
import type { Step } from '../../../domain/blueprints/step.ts';
import type { Run } from '../../../domain/runs/index.ts';
import * as answer from '../../platform/http/answers.ts';
import { idParams, locationHeader } from '../../platform/http/common-schemas.ts';
import { accepted } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentRun, run, runUrl } from '../../runs/index.ts';
import { presentStep, stepList } from './step-presenters.ts';

const runLocation = locationHeader('run', 'runs');

/** A blueprint run's steps, and the routes that carry a failed or finished run on (CONTRACT section 9). */
export function stepRoutes(deps: ThroughBlueprints): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.missions);
  const acceptedRun = (description: string) => ({ 202: { description, schema: run, headers: runLocation } });
  const answered = (ctx: Parameters<typeof accepted>[0], changed: Run) =>
    accepted(ctx, presentRun(changed), runUrl(changed));
  return [
    bearer.get('/api/runs/{id}/steps', {
      operationId: 'listRunSteps',
      summary: "A blueprint run's steps",
      description:
        'One step per node of the graph, in graph order (empty for a run that is not a blueprint run, or not ' +
        'started yet). Every step change is also a run event `{type: "step", data: {node_id, status}}`.',
      params: idParams,
      ...answer.one(
        {
          schema: stepList,
          present: (steps: Step[]) => ({ items: steps.map(presentStep), next_cursor: null }),
        },
        'The steps.',
        ({ principal, params }) => deps.listSteps(principal, params.id),
      ),
    }),
    bearer.post('/api/runs/{id}/retry', {
      operationId: 'retryRun',
      summary: 'Let a failed blueprint run go on from its failure (admins)',
      description:
        'The same run goes on with `attempt + 1`: steps that succeeded keep their outputs, failed and later ' +
        'steps run again. A run of a capped mission (`concurrency_key`) is queued until it takes a slot of its ' +
        'group again. A run that is not a failed blueprint run is 409.',
      params: idParams,
      errors: [403, 409],
      responses: acceptedRun('The run, running again (or queued for its slot).'),
      handler: async (ctx, { principal, params }) => answered(ctx, await deps.retryRun(principal, params.id)),
    }),
    bearer.post('/api/runs/{id}/replay', {
      operationId: 'replayRun',
      summary: 'Replay a finished run (admins)',
      description:
        'A new run of the same mission with the same input, `replay_of` naming this one. A run that has not ' +
        'finished is 409.',
      params: idParams,
      errors: [403, 409],
      responses: acceptedRun('The new run.'),
      handler: async (ctx, { principal, params }) =>
        answered(ctx, await deps.replayRun(principal, params.id)),
    }),
  ];
}

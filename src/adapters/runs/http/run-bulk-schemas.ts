import { MAX_BULK_RUNS } from '../../../application/runs/bulk-runs.ts';
import { closedObject, uuid } from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';
import { createdWindow, runStatus, runSummary } from './run-schemas.ts';

const filter: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id'],
  description:
    `The top-level runs \`GET /api/runs\` would list with the same filters, newest first; more than ${MAX_BULK_RUNS} ` +
    'is 409 and nothing changes. Needs the admin role in the workspace.',
  properties: {
    workspace_id: uuid,
    mission_id: { ...uuid, description: 'Only runs of this mission.' },
    status: { ...runStatus, description: 'Only runs in this state.' },
    ...createdWindow,
  },
};

export const bulkRunsRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['action'],
  // `action` and exactly one of `ids` and `filter` (the only other properties).
  minProperties: 2,
  maxProperties: 2,
  description: '`action` and exactly one of `ids` and `filter`.',
  properties: {
    action: {
      type: 'string',
      enum: ['cancel', 'replay'],
      description:
        '`cancel` a queued or running run (as `POST /api/runs/{id}/cancel`), or `replay` a finished one (as ' +
        '`POST /api/runs/{id}/replay`).',
    },
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_BULK_RUNS,
      uniqueItems: true,
      items: uuid,
      description: `The runs, answered in this order (1 to ${MAX_BULK_RUNS}).`,
    },
    filter,
  },
};

const result: JsonSchema = closedObject({
  id: { ...uuid, description: 'The run the action was asked of.' },
  status: {
    type: 'integer',
    format: 'int32',
    minimum: 200,
    maximum: 599,
    description:
      'What the single route would have answered: 200 cancelled, 202 replayed, 403 your role does not allow ' +
      'it, 404 no such run in your workspaces, 409 the run is not in a state for the action.',
  },
  run: {
    ...runSummary,
    type: ['object', 'null'],
    description: 'On success: the cancelled run, or the new run of a replay (its `replay_of` is `id`).',
  },
  error: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['code', 'detail'],
    description: 'On failure: the `code` and `detail` the single route would have answered.',
    properties: { code: { type: 'string', maxLength: 100 }, detail: { type: 'string', maxLength: 4000 } },
  },
});

const count: JsonSchema = { type: 'integer', format: 'int32', minimum: 0, maximum: MAX_BULK_RUNS };

export const bulkRunsResponse: JsonSchema = closedObject({
  action: { type: 'string', enum: ['cancel', 'replay'] },
  succeeded: { ...count, description: 'Results with a run.' },
  failed: { ...count, description: 'Results with an error.' },
  results: { type: 'array', maxItems: MAX_BULK_RUNS, items: result, description: 'One per run acted on.' },
});

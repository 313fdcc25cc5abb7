import { NODE_KINDS } from '../../../domain/blueprints/graph.ts';
import { STEP_STATUSES, type Step } from '../../../domain/blueprints/step.ts';
import { closedObject, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentStep(step: Step) {
  return {
    node_id: step.nodeId,
    kind: step.kind,
    status: step.status,
    attempt: step.attempt,
    input: step.input ?? null,
    output: step.output ?? null,
    error: step.error,
    child_run_id: step.childRunId,
    approval_id: step.approvalId,
    started_at: iso(step.startedAt),
    finished_at: iso(step.finishedAt),
  };
}

/** Any JSON value (no `type`: steps carry whatever their nodes take and give). */
const anyJson: JsonSchema = { description: 'Any JSON value.' };

export const step: JsonSchema = closedObject({
  node_id: { type: 'string', maxLength: 64, pattern: '^[a-z][a-z0-9_]{0,63}$' },
  kind: { type: 'string', enum: [...NODE_KINDS] },
  status: { type: 'string', enum: [...STEP_STATUSES] },
  attempt: {
    type: 'integer',
    format: 'int32',
    minimum: 1,
    maximum: 1000,
    description: 'Each retry of the step adds one.',
  },
  input: { ...anyJson, description: 'The input of its last attempt (null before it started).' },
  output: {
    ...anyJson,
    description: 'Its output once succeeded; `{error}` when it failed with `on_error: continue`.',
  },
  error: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['code', 'message'],
    properties: { code: { type: 'string', maxLength: 100 }, message: { type: 'string', maxLength: 4000 } },
    description:
      'Why its last attempt failed (`expression_error`, `timeout`, `http_status`, `interrupted`, …).',
  },
  child_run_id: {
    ...uuid,
    type: ['string', 'null'],
    description: 'A `task` or `blueprint` step: its child run.',
  },
  approval_id: {
    ...uuid,
    type: ['string', 'null'],
    description: 'An `approval` step: the approval it waits for (`GET /api/approvals/{id}`).',
  },
  started_at: { ...timestamp, type: ['string', 'null'] },
  finished_at: { ...timestamp, type: ['string', 'null'] },
});

export const stepList: JsonSchema = closedObject({
  items: { type: 'array', maxItems: 500, items: step },
  next_cursor: { type: 'null', description: 'Always null: a run has at most 500 steps, all listed.' },
});

import { MAX_JSON_DEPTH } from '../../../domain/kernel/well-formed-json.ts';
import { MAX_CLAIM_RUNS } from '../../../domain/runs/claim-size.ts';
import { TRIGGER_TYPES } from '../../../domain/runs/run-props.ts';
import { jsonObject } from '../../missions/index.ts';
import { closedObject, TEXT, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import { listQuery } from '../../platform/http/pagination.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

export const runStatus: JsonSchema = {
  type: 'string',
  enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'],
};
const nullableTimestamp: JsonSchema = { ...timestamp, type: ['string', 'null'] };
const nullableUuid: JsonSchema = { ...uuid, type: ['string', 'null'] };
const leaseSeconds: JsonSchema = {
  type: 'integer',
  format: 'int32',
  minimum: 5,
  maximum: 3600,
  description: 'Lease length in seconds (default 60, or RUN_LEASE_SECONDS).',
};

const failure: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['message'],
  properties: {
    message: { type: 'string', minLength: 1, maxLength: 4000, pattern: TEXT },
    code: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' },
  },
};

const summaryProperties: Record<string, JsonSchema> = {
  id: uuid,
  mission_id: {
    ...nullableUuid,
    description: 'Null for an agent run and the child runs of its blueprint tools.',
  },
  workspace_id: uuid,
  status: runStatus,
  trigger: closedObject({
    type: { type: 'string', enum: [...TRIGGER_TYPES] },
    trigger_id: { ...nullableUuid, description: 'The webhook trigger (webhook runs only).' },
    delivery_id: { ...nullableUuid, description: 'The webhook delivery (webhook runs only).' },
    schedule_id: { ...nullableUuid, description: 'The schedule (schedule runs only).' },
    fire_time: { ...nullableTimestamp, description: 'The fire time the schedule queued the run for.' },
    evaluation_id: { ...nullableUuid, description: 'The evaluation (evaluation runs only).' },
    item_id: { ...nullableUuid, description: 'The dataset item the evaluation run is for.' },
  }),
  error: {
    ...failure,
    type: ['object', 'null'],
    properties: {
      ...(failure.properties as Record<string, JsonSchema>),
      status: {
        type: ['integer', 'null'],
        format: 'int32',
        minimum: 100,
        maximum: 599,
        description:
          'Only with `code: "provider_error"` (an agent run): the model provider\'s HTTP status, null when no ' +
          'answer came (refused address, failed connection, timeout).',
      },
    },
    description:
      'Why the last attempt failed (`timeout` and `lease_expired` come from the server; an agent run adds ' +
      '`step_limit` and `provider_error`).',
  },
  attempt: {
    type: 'integer',
    format: 'int32',
    minimum: 1,
    maximum: 100,
    description: 'Starts at 1; each lease expiry that puts the run back in the queue adds one.',
  },
  not_before: {
    ...timestamp,
    description:
      'The earliest time a worker may claim the run: when it was queued, or when its retry backoff ends.',
  },
  lease_expires_at: { ...nullableTimestamp, description: 'While running: when the worker lease ends.' },
  created_at: timestamp,
  started_at: { ...nullableTimestamp, description: 'When the current (or last) attempt was claimed.' },
  finished_at: nullableTimestamp,
  blueprint: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['id', 'version'],
    description:
      'A blueprint run (carried out by the server): its blueprint and the version it uses (null until the ' +
      'engine starts a run of a mission that follows the latest version).',
    properties: {
      id: uuid,
      version: { type: ['integer', 'null'], format: 'int32', minimum: 1, maximum: 2147483647 },
    },
  },
  parent_run_id: { ...nullableUuid, description: 'A child run of a blueprint step: the run of that step.' },
  step_id: {
    type: ['string', 'null'],
    maxLength: 64,
    description: 'A child run: the node id of the step it carries out.',
  },
  step_index: {
    type: ['integer', 'null'],
    format: 'int32',
    minimum: 0,
    maximum: 2147483647,
    description: "A child run of a `map` step: the index of its element in the step's input array.",
  },
  task_type: {
    type: ['string', 'null'],
    maxLength: 100,
    description: 'A `task` child run: its task type (claims may ask for some types only).',
  },
  replay_of: { ...nullableUuid, description: 'A replay: the run it replays.' },
  agent: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['id', 'version'],
    description:
      "An agent run (a thread's answer, carried out by the server): the agent and the version it uses.",
    properties: { id: uuid, version: { type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647 } },
  },
  thread_id: { ...nullableUuid, description: 'An agent run: the thread it answers.' },
};

/** A run in a list: everything but its input and output. */
export const runSummary: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(summaryProperties),
  properties: summaryProperties,
};

export const run: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...Object.keys(summaryProperties), 'input', 'output'],
  properties: {
    ...summaryProperties,
    input: {
      ...jsonObject(
        'Manual runs: the input given. Webhook runs: `{body, content_type, headers, query}`, where `body` is ' +
          `the parsed JSON of a JSON body nested at most ${MAX_JSON_DEPTH} levels, else its text (base64 when ` +
          'it is not UTF-8).',
      ),
      type: ['object', 'null'],
    },
    output: { ...jsonObject('What the worker reported.'), type: ['object', 'null'] },
  },
};

const tokenCount = { type: 'integer', format: 'int64', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };

/** `GET /api/runs/{id}`: the run with its token usage. */
export const runDetail: JsonSchema = {
  ...run,
  required: [...(run.required as string[]), 'usage'],
  properties: {
    ...(run.properties as Record<string, unknown>),
    usage: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['input_tokens', 'output_tokens'],
      description:
        'An agent run: the tokens its model calls used so far, summed as the provider counted them (the sum of ' +
        'its `usage` events); null for other runs.',
      properties: {
        input_tokens: { ...tokenCount, description: 'Tokens of the prompts sent to the model.' },
        output_tokens: { ...tokenCount, description: "Tokens of the model's answers." },
      },
    },
  },
};

/** The time window shared by `GET /api/runs` and a bulk filter. */
export const createdWindow: Record<string, JsonSchema> = {
  created_after: { ...timestamp, description: 'Only runs created at or after this time.' },
  created_before: { ...timestamp, description: 'Only runs created before this time.' },
};

export const listRunsQuery: JsonSchema = listQuery({
  workspace_id: { ...uuid, description: 'Required unless `parent_run_id` is given.' },
  mission_id: { ...uuid, description: 'Only runs of this mission.' },
  status: { ...runStatus, description: 'Only runs in this state.' },
  parent_run_id: {
    ...uuid,
    description: 'The child runs of this run (without it, lists show top-level runs only).',
  },
  ...createdWindow,
});

export const claimRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id'],
  properties: {
    workspace_id: uuid,
    mission_ids: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
      items: uuid,
      description: 'Only runs of these missions.',
    },
    task_types: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$' },
      description: 'Only `task` child runs of blueprint steps of these task types.',
    },
    lease_seconds: leaseSeconds,
    max_runs: {
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: MAX_CLAIM_RUNS,
      description:
        'Hand out up to this many runs at once, answered as `{runs: [...]}`. Without it the answer is the one ' +
        'run itself.',
    },
  },
};

/** The answer to a claim: the run itself, or `{runs}` when the claim named `max_runs`. */
/** A run as a claim hands it out: with the trace context it was queued under, for the worker to continue. */
const claimedRun: JsonSchema = {
  ...run,
  required: [...(run.required as string[]), 'traceparent'],
  properties: {
    ...(run.properties as Record<string, unknown>),
    traceparent: {
      type: ['string', 'null'],
      maxLength: 55,
      pattern: '^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$',
      description:
        'W3C Trace Context of the request that queued the run (with tracing on, the server span that stored it; ' +
        'else the `traceparent` header sent, when well formed), null when none: a worker runs the run in a span ' +
        'that is its child and sends its own `traceparent` on heartbeats and completion, so its spans join the trace.',
    },
  },
};

export const claimResponse: JsonSchema = {
  oneOf: [
    { ...claimedRun, title: 'ClaimedRun', description: 'The claimed run (a claim without `max_runs`).' },
    {
      title: 'ClaimedRuns',
      type: 'object',
      additionalProperties: false,
      required: ['runs'],
      description: 'The claimed runs, those that waited longest first (a claim with `max_runs`).',
      properties: { runs: { type: 'array', minItems: 1, maxItems: MAX_CLAIM_RUNS, items: claimedRun } },
    },
  ],
};

export const heartbeatRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { lease_seconds: leaseSeconds },
};

export const completeRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: {
    status: { type: 'string', enum: ['succeeded', 'failed'] },
    output: jsonObject('The result: any JSON object of at most 256 KiB.'),
    error: { ...failure, description: 'Only with status `failed`.' },
    retryable: {
      type: 'boolean',
      description:
        'Only with status `failed`: another attempt may succeed. The run is queued again while its mission ' +
        'policy allows more attempts.',
    },
  },
};

export const startRunRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { input: jsonObject('Input handed to the worker: any JSON object of at most 64 KiB.') },
};

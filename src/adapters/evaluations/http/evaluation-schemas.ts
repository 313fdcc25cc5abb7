import { EVALUATION_STATUSES, MAX_CONCURRENCY } from '../../../domain/evaluations/evaluation.ts';
import { MAX_SCORERS, SCORER_KINDS } from '../../../domain/evaluations/scorer.ts';
import { closedObject, NAME, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';
import { anyJson } from './dataset-schemas.ts';

const count32: JsonSchema = { type: 'integer', format: 'int32', minimum: 0, maximum: 2147483647 };
const tokens: JsonSchema = { type: 'integer', format: 'int64', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };
const nullableUuid: JsonSchema = { ...uuid, type: ['string', 'null'] };
const nullableNumber: JsonSchema = { type: ['number', 'null'] };

const scorerConfig: JsonSchema = {
  type: 'object',
  description:
    'Every kind: `path` (a JSON Pointer into the output). `regex`: `pattern`, `flags` (among `i`, `m`, `s`; `u` is ' +
    'always on). `json_schema`: `schema`. `numeric`: `tolerance`. `code`: `source` (defines `main({input, output, ' +
    'expected})` returning a number in [0, 1]). `llm_judge`: `provider_id`, `model`, `rubric`.',
};

const scorer: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'kind'],
  properties: {
    name: { type: 'string', pattern: '^[a-zA-Z0-9_.-]{1,64}$', maxLength: 64 },
    kind: { enum: [...SCORER_KINDS] },
    config: scorerConfig,
    min_mean: { type: 'number', minimum: 0, maximum: 1, description: '`passed` needs the mean to reach it.' },
  },
};

export const createEvaluationRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['dataset_id', 'target', 'scorers'],
  properties: {
    dataset_id: uuid,
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: NAME },
    target: {
      oneOf: [
        closedObject({ mission_id: uuid }),
        {
          type: 'object',
          additionalProperties: false,
          required: ['agent_id'],
          properties: {
            agent_id: uuid,
            version: {
              type: 'integer',
              format: 'int32',
              minimum: 1,
              maximum: 2147483647,
              description: 'Default: the latest.',
            },
          },
        },
      ],
    },
    scorers: { type: 'array', minItems: 1, maxItems: MAX_SCORERS, items: scorer },
    concurrency: { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_CONCURRENCY, default: 4 },
  },
};

const scorerView: JsonSchema = closedObject({
  name: { type: 'string', maxLength: 64 },
  kind: { enum: [...SCORER_KINDS] },
  config: scorerConfig,
  min_mean: nullableNumber,
});

export const evaluation: JsonSchema = closedObject({
  id: uuid,
  workspace_id: uuid,
  dataset_id: uuid,
  name: { type: 'string', maxLength: 200 },
  target: closedObject({
    mission_id: nullableUuid,
    agent_id: nullableUuid,
    version: { type: ['integer', 'null'], format: 'int32', minimum: 1, maximum: 2147483647 },
  }),
  scorers: { type: 'array', maxItems: MAX_SCORERS, items: scorerView },
  concurrency: { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_CONCURRENCY },
  status: { enum: [...EVALUATION_STATUSES] },
  error: { type: ['string', 'null'], maxLength: 1000 },
  total: { ...count32, description: 'The dataset’s items when it started.' },
  done: { ...count32, description: 'Items run and scored.' },
  failed: {
    ...count32,
    description: 'Of those, items whose run did not succeed (0 on every scorer).',
  },
  scores: {
    type: 'object',
    additionalProperties: closedObject({ mean: { type: 'number' }, pass_rate: { type: 'number' } }),
    description: 'Per scorer, over the done items: the mean score and the share at 0.5 or above.',
  },
  passed: { type: 'boolean', description: 'Succeeded, and every scorer with `min_mean` reached it.' },
  latency_ms: closedObject({ p50: nullableNumber, p95: nullableNumber }),
  usage: closedObject({
    input_tokens: tokens,
    output_tokens: tokens,
  }),
  created_at: timestamp,
  finished_at: { ...timestamp, type: ['string', 'null'] },
});

export const evaluationResult: JsonSchema = closedObject({
  item_id: uuid,
  status: { enum: ['pending', 'running', 'scoring', 'done'] },
  run_id: nullableUuid,
  input: anyJson,
  expected: anyJson,
  output: anyJson,
  scores: { type: ['object', 'null'], additionalProperties: { type: 'number' } },
  score_errors: {
    type: ['object', 'null'],
    additionalProperties: { type: 'string', maxLength: 1000 },
    description: 'Why a scorer gave no score (it counts 0).',
  },
  error: {
    type: ['object', 'null'],
    description: "The run's failure.",
    properties: { code: { type: 'string', maxLength: 100 }, message: { type: 'string', maxLength: 10000 } },
  },
  latency_ms: nullableNumber,
});

export const compareQuery: JsonSchema = closedObject({ base: uuid, head: uuid });

const change: JsonSchema = closedObject({
  item_id: uuid,
  scorer: { type: 'string', maxLength: 64 },
  base: { type: 'number' },
  head: { type: 'number' },
});

export const comparison: JsonSchema = closedObject({
  scores: {
    type: 'object',
    additionalProperties: closedObject({ base: nullableNumber, head: nullableNumber, delta: nullableNumber }),
  },
  fell: { type: 'array', maxItems: 1000, items: change },
  rose: { type: 'array', maxItems: 1000, items: change },
});

import { MAX_CONCURRENCY_KEY_LENGTH, RUN_POLICY_LIMITS } from '../../../domain/missions/run-policy.ts';
import { closedObject, LINE, NAME, TEXT, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import { listQuery } from '../../platform/http/pagination.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

/** A free-form JSON object (stored as JSONB); its size is checked by the domain. */
export function jsonObject(description: string): JsonSchema {
  return { type: 'object', maxProperties: 1000, description };
}

const name: JsonSchema = { type: 'string', minLength: 1, maxLength: 200, pattern: NAME };
const description: JsonSchema = { type: ['string', 'null'], maxLength: 4000, pattern: TEXT };
const definition = jsonObject('The workflow definition: any JSON object of at most 64 KiB.');

const limits = RUN_POLICY_LIMITS;
const nullableInteger = (range: { min: number; max: number }, text: string): JsonSchema => ({
  type: ['integer', 'null'],
  format: 'int32',
  minimum: range.min,
  maximum: range.max,
  description: text,
});

/** CONTRACT section 7: how the mission's runs time out, retry and share concurrency slots. */
const policyProperties: Record<string, JsonSchema> = {
  timeout_seconds: nullableInteger(
    limits.timeoutSeconds,
    'A running attempt fails (`error.code = "timeout"`) this long after it started. Default: none.',
  ),
  max_attempts: nullableInteger(
    limits.maxAttempts,
    'Attempts per run, the first included (default 1). A failed completion with `retryable: true` and a ' +
      'lost worker lease queue the run again while attempts remain; without it, lost leases get ' +
      'RUN_MAX_ATTEMPTS.',
  ),
  retry_backoff_seconds: nullableInteger(
    limits.retryBackoffSeconds,
    'The wait before the first retry (default 10); each later retry waits twice the one before, at most 1 h.',
  ),
  concurrency_limit: nullableInteger(
    limits.concurrencyLimit,
    'At most this many runs of the mission (of one key value, with `concurrency_key`) are queued for a ' +
      'worker or running at once; the others wait, without holding back runs behind them.',
  ),
  concurrency_key: {
    type: ['string', 'null'],
    maxLength: MAX_CONCURRENCY_KEY_LENGTH,
    pattern: '^(/([^~]|~[01])*)*$',
    description:
      'A JSON Pointer into the run input (for example `/body/customer_id`): the limit then applies per value ' +
      'found there. Needs `concurrency_limit`.',
  },
};

/** The policy as answered: every field, null when unset. */
export const policy: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(policyProperties),
  properties: policyProperties,
};

/** The policy as sent: fields given replace the current ones, `null` clears one. */
const policyChanges: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: policyProperties,
  description: 'Fields given replace the current ones; `null` clears one.',
};

const blueprintProperties: Record<string, JsonSchema> = {
  id: { ...uuid, description: 'A blueprint of the same workspace.' },
  version: {
    type: ['integer', 'null'],
    format: 'int32',
    minimum: 1,
    maximum: 2147483647,
    description: 'The version its runs use; without it, the latest version when each run starts.',
  },
};

export const mission: JsonSchema = closedObject({
  id: uuid,
  workspace_id: uuid,
  name: { type: 'string', maxLength: 200, pattern: LINE },
  description,
  definition,
  policy,
  blueprint: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['id', 'version'],
    properties: blueprintProperties,
    description: 'The blueprint its runs carry out (the server runs them; null: a worker runs each run).',
  },
  created_at: timestamp,
  updated_at: timestamp,
});

export const createMissionRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id', 'name'],
  properties: {
    workspace_id: uuid,
    name,
    description,
    definition,
    policy: policyChanges,
    blueprint: {
      type: 'object',
      additionalProperties: false,
      required: ['id'],
      properties: blueprintProperties,
      description:
        'Runs of the mission carry out this blueprint (CONTRACT section 9): the server runs them step by step ' +
        'and never hands them to workers (only their `task` steps, as child runs).',
    },
  },
};

export const updateMissionRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name,
    description: { ...description, description: '`null` clears it.' },
    definition,
    policy: policyChanges,
  },
};

export const listMissionsQuery: JsonSchema = listQuery(
  {
    workspace_id: { ...uuid, description: 'The workspace whose missions to list.' },
  },
  ['workspace_id'],
);

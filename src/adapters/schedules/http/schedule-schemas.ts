import { MAX_SCHEDULE_NAME_LENGTH } from '../../../domain/schedules/schedule.ts';
import { jsonObject } from '../../missions/index.ts';
import { closedObject, LINE, NAME, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import { listQuery } from '../../platform/http/pagination.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

const nullableTimestamp: JsonSchema = { ...timestamp, type: ['string', 'null'] };
const name: JsonSchema = { type: 'string', minLength: 1, maxLength: MAX_SCHEDULE_NAME_LENGTH, pattern: NAME };
const cron: JsonSchema = {
  type: 'string',
  minLength: 9,
  maxLength: 200,
  pattern: '^[0-9A-Za-z*?,/#+\\- ]+$',
  description:
    'Five fields: minute, hour, day of month, month, day of week (`30 2 * * 1-5`). Read in `timezone`: a ' +
    'time skipped by a daylight-saving change fires right after the gap, a time repeated fires once.',
};
const timezone: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z][A-Za-z0-9_+/-]*$',
  description: 'An IANA time zone (`Europe/Paris`); default `UTC`.',
};
const input = jsonObject('The input of every run it queues: a JSON object of at most 64 KiB.');
const enabled: JsonSchema = {
  type: 'boolean',
  description: 'A disabled schedule queues nothing (default true).',
};

export const schedule: JsonSchema = closedObject({
  id: uuid,
  workspace_id: uuid,
  mission_id: uuid,
  name: { type: 'string', maxLength: MAX_SCHEDULE_NAME_LENGTH, pattern: LINE },
  cron,
  timezone,
  input: { ...input, type: ['object', 'null'] },
  enabled,
  next_fire_at: { ...nullableTimestamp, description: 'When it fires next; null while disabled.' },
  last_fire_time: { ...nullableTimestamp, description: 'The fire time of the last run it queued.' },
  created_at: timestamp,
  updated_at: timestamp,
});

export const createScheduleRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mission_id', 'name', 'cron'],
  properties: { mission_id: uuid, name, cron, timezone, input, enabled },
};

export const updateScheduleRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name,
    cron,
    timezone,
    input: { ...input, type: ['object', 'null'], description: '`null` clears it.' },
    enabled,
  },
};

export const listSchedulesQuery: JsonSchema = listQuery(
  {
    workspace_id: { ...uuid, description: 'The workspace whose schedules to list.' },
  },
  ['workspace_id'],
);

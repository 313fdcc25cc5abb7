import {
  EVENT_LEVELS,
  MAX_EVENT_MESSAGE_LENGTH,
  MAX_EVENTS_PER_APPEND,
  RUN_EVENT_TYPES,
  WORKER_EVENT_TYPES,
} from '../../../domain/runs/run-event.ts';
import { closedObject, timestamp } from '../../platform/http/common-schemas.ts';
import { pageQueryProperties } from '../../platform/http/pagination.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

const seq: JsonSchema = { type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647 };
const level: JsonSchema = { type: 'string', enum: [...EVENT_LEVELS] };
/** Any text but NUL, which PostgreSQL cannot store (log lines keep their colour escapes). */
const message: JsonSchema = { type: 'string', maxLength: MAX_EVENT_MESSAGE_LENGTH, pattern: '^[^\\u0000]*$' };
/** Any JSON value; its size counts towards the event's 64 KiB. */
const data: JsonSchema = {
  description: 'Any JSON value (a progress fraction, an output chunk, fields of a log line).',
};

/** An event as read: worker events (`log`, `progress`, `output`) and the server's `status` events. */
export const runEvent: JsonSchema = closedObject({
  seq: { ...seq, description: '1, 2, 3, ... per run, without gaps.' },
  type: { type: 'string', enum: [...RUN_EVENT_TYPES] },
  level: { type: ['string', 'null'], enum: [...EVENT_LEVELS, null] },
  message: { ...message, type: ['string', 'null'] },
  data: {
    ...data,
    description:
      'What the worker sent; for `status` events `{status, attempt, error}` and, when queued, `not_before`.',
  },
  at: timestamp,
});

/** `{items, next_cursor}`: the cursor is the seq to pass as `after` for the next page. */
export const runEventPage: JsonSchema = closedObject({
  items: { type: 'array', maxItems: 200, items: runEvent },
  next_cursor: {
    type: ['string', 'null'],
    maxLength: 10,
    pattern: '^[0-9]+$',
    description: 'When more events may follow: pass it as `after`.',
  },
});

export const appendEventsRequest: JsonSchema = closedObject({
  events: {
    type: 'array',
    minItems: 1,
    maxItems: MAX_EVENTS_PER_APPEND,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: { type: { type: 'string', enum: [...WORKER_EVENT_TYPES] }, level, message, data },
    },
    description: `1 to ${MAX_EVENTS_PER_APPEND} events, each at most 64 KiB of JSON.`,
  },
});

export const appendedEvents: JsonSchema = closedObject({ seq_from: seq, seq_to: seq });

const after: JsonSchema = {
  type: 'integer',
  format: 'int32',
  minimum: 0,
  maximum: 2147483647,
  description: 'Only events with a higher seq.',
};

export const listEventsQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    after: { ...after, default: 0 },
    limit: { ...pageQueryProperties.limit, description: 'Events per page (1-200, default 50).' },
  },
};

export const streamEventsQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { after: { ...after, description: 'Start after this seq (the `Last-Event-ID` header wins).' } },
};

/** The 200 answer of a live event stream (a run's, a thread's): Server-Sent Events frames. */
export const eventStreamResponse = {
  description: 'The event stream.',
  contentType: 'text/event-stream',
  schema: {
    type: 'string',
    format: 'event-stream',
    maxLength: 1073741824,
    description: 'Server-Sent Events frames.',
  },
} as const;

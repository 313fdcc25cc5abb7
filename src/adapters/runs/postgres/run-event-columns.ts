import type { RunEventDraft } from '../../../domain/runs/run-event.ts';
import { jsonParam } from '../../platform/postgres/insert-rows.ts';

/** Committed appends are announced on this channel with the run id as payload (see the notifier). */
export const RUN_EVENTS_CHANNEL = 'run_events';

/**
 * The events' own columns as bound arrays, for `unnest(...::text[], ::text[], ::text[], ::jsonb[],
 * ::timestamptz[], ::int[]) as e(type, level, message, data, at, bytes)` in every statement that inserts them.
 */
export function eventColumnArrays(events: readonly RunEventDraft[]): unknown[][] {
  return [
    events.map((event) => event.type),
    events.map((event) => event.level),
    events.map((event) => event.message),
    events.map((event) => jsonParam(event.data)),
    events.map((event) => event.at),
    events.map((event) => event.bytes),
  ];
}

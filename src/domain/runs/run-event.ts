import { DomainError, InvalidInput } from '../kernel/errors.ts';
import { jsonByteLength } from '../kernel/json-document.ts';
import { illFormedPart } from '../kernel/well-formed-json.ts';
import type { RunFailure } from './run-outcome.ts';
import type { RunStatus } from './run-status.ts';

/**
 * `status`, `step` and the agent events are the server's: a run's state changes, a blueprint run's steps', and
 * an agent run's answer as it streams (`message.delta`), its tool calls and results, and its token usage.
 */
export const RUN_EVENT_TYPES = [
  'log',
  'progress',
  'output',
  'status',
  'step',
  'message.delta',
  'tool.call',
  'tool.result',
  'usage',
] as const;
export type RunEventType = (typeof RUN_EVENT_TYPES)[number];
/** What a worker may append; `status` events are the server's. */
export const WORKER_EVENT_TYPES = ['log', 'progress', 'output'] as const;
export const EVENT_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

export const MAX_EVENTS_PER_APPEND = 100;
export const MAX_EVENT_BYTES = 64 * 1024;
export const MAX_EVENT_MESSAGE_LENGTH = 8000;
/** The per-run cap on worker events (status events are not counted: a state change is never refused). */
export const MAX_EVENTS_PER_RUN = 10_000;
export const MAX_EVENT_BYTES_PER_RUN = 10 * 1024 * 1024;

/** An event as appended, before the run's log gives it its place (`seq`). */
export interface RunEventDraft {
  readonly type: RunEventType;
  readonly level: EventLevel | null;
  readonly message: string | null;
  readonly data: unknown;
  readonly at: Date;
  /** Compact JSON bytes, counted against the run's cap. */
  readonly bytes: number;
}

/** One entry of a run's event log: `seq` counts 1, 2, 3, ... per run, without gaps. */
export interface RunEvent extends RunEventDraft {
  readonly runId: string;
  readonly seq: number;
}

/** What a run's log holds so far, for the cap. */
export interface RunEventUsage {
  readonly count: number;
  readonly bytes: number;
}

export interface WorkerEvent {
  readonly type: string;
  readonly level?: string | undefined;
  readonly message?: string | undefined;
  readonly data?: unknown;
}

/** A worker's batch, validated: 1 to 100 events of `log`, `progress` or `output`, each at most 64 KiB. */
export function parseWorkerEvents(events: readonly WorkerEvent[], at: Date): RunEventDraft[] {
  if (events.length === 0 || events.length > MAX_EVENTS_PER_APPEND) {
    throw new InvalidInput(`send 1 to ${MAX_EVENTS_PER_APPEND} events at a time`);
  }
  return events.map((event, index) => {
    if (!(WORKER_EVENT_TYPES as readonly string[]).includes(event.type)) {
      throw new InvalidInput(`events[${index}].type must be one of ${WORKER_EVENT_TYPES.join(', ')}`);
    }
    if (event.level !== undefined && !(EVENT_LEVELS as readonly string[]).includes(event.level)) {
      throw new InvalidInput(`events[${index}].level must be one of ${EVENT_LEVELS.join(', ')}`);
    }
    if (event.message !== undefined && event.message.length > MAX_EVENT_MESSAGE_LENGTH) {
      throw new InvalidInput(
        `events[${index}].message must be at most ${MAX_EVENT_MESSAGE_LENGTH} characters`,
      );
    }
    const illFormed = illFormedPart(event);
    if (illFormed) throw new InvalidInput(`events[${index}]${illFormed.pointer} ${illFormed.problem}`);
    const bytes = jsonByteLength(event);
    if (bytes > MAX_EVENT_BYTES) {
      throw new InvalidInput(`events[${index}] must be at most ${MAX_EVENT_BYTES} bytes of JSON`);
    }
    return {
      type: event.type as RunEventType,
      level: (event.level as EventLevel | undefined) ?? null,
      message: event.message ?? null,
      data: event.data ?? null,
      at,
      bytes,
    };
  });
}

/**
 * What of a batch counts against the run's cap: the workers' events only. The server's own (`status`, and a
 * blueprint run's `step` events) never count, so a state change or a step's result is never refused; they are
 * bounded otherwise: one per state change, each under 200 bytes, at most a few per step attempt.
 */
export function cappedUsage(batch: readonly RunEventDraft[]): RunEventUsage {
  const counted = batch.filter((event) => (WORKER_EVENT_TYPES as readonly string[]).includes(event.type));
  return { count: counted.length, bytes: counted.reduce((sum, event) => sum + event.bytes, 0) };
}

/** Refuses a batch that would take the run's worker events past 10,000 or 10 MiB (413). */
export function assertEventCapacity(usage: RunEventUsage, batch: readonly RunEventDraft[]): void {
  const added = cappedUsage(batch);
  if (added.count === 0) return;
  if (usage.count + added.count > MAX_EVENTS_PER_RUN || usage.bytes + added.bytes > MAX_EVENT_BYTES_PER_RUN) {
    throw new RunEventLimitExceeded();
  }
}

export class RunEventLimitExceeded extends DomainError {
  constructor() {
    super(
      'too_large',
      'run_event_limit_exceeded',
      `a run keeps at most ${MAX_EVENTS_PER_RUN} worker events and ${MAX_EVENT_BYTES_PER_RUN / 1024 / 1024} MiB of them`,
    );
  }
}

/** A state change of a run, as the domain recorded it (see `Run.takeStatusChanges`). */
export interface RunStatusChange {
  readonly status: RunStatus;
  readonly attempt: number;
  readonly at: Date;
  readonly error: RunFailure | null;
  readonly notBefore: Date;
}

/** The `status` event the server appends for a state change. */
export function statusEvent(change: RunStatusChange): RunEventDraft {
  const data = {
    status: change.status,
    attempt: change.attempt,
    error: change.error,
    ...(change.status === 'queued' ? { not_before: change.notBefore.toISOString() } : {}),
  };
  return {
    type: 'status',
    level: null,
    message: change.status,
    data,
    at: change.at,
    bytes: jsonByteLength(data),
  };
}

/** A page of events (an API page, a read for streams) ends once its events reach this many bytes. */
export const RUN_EVENT_PAGE_BYTES = 1024 * 1024;

/** Whether events may follow a page read with this `limit` and byte budget (see RunEventRepository.list). */
export function pageMayContinue(events: readonly RunEvent[], limit: number, maxBytes: number): boolean {
  if (events.length >= limit) return true;
  let bytes = 0;
  for (const event of events) bytes += event.bytes;
  return events.length > 0 && bytes >= maxBytes;
}

import type { Context } from 'koa';
import type { ThroughRuns } from '../../../composition/runs.ts';
import type { Principal } from '../../../domain/kernel/principal.ts';
import {
  MAX_EVENT_BYTES,
  MAX_EVENT_BYTES_PER_RUN,
  MAX_EVENTS_PER_APPEND,
  MAX_EVENTS_PER_RUN,
  type WorkerEvent,
} from '../../../domain/runs/run-event.ts';
import { EventStream, type EventStreamLimits } from '../../platform/http/event-stream.ts';
import type { StreamAccess } from '../../platform/http/event-streams.ts';
import { credentialOf } from '../../platform/http/request-state.ts';
import { created, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { ValidationFailed } from '../../platform/http/validation.ts';
import { presentRunEventPage, sseFramesOf } from './run-event-presenters.ts';
import {
  appendEventsRequest,
  appendedEvents,
  eventStreamResponse,
  listEventsQuery,
  runEventPage,
  streamEventsQuery,
} from './run-event-schemas.ts';

/** The changes after which a caller's access is checked again: its key, or its session, user and memberships. */
export function accessKeysOf(principal: Principal): string[] {
  return principal.kind === 'api_key'
    ? [`api_key:${principal.apiKeyId}`]
    : [`login_session:${principal.sessionId}`, `user:${principal.userId}`, `memberships:${principal.userId}`];
}

export function holderOf(principal: Principal): string {
  return principal.kind === 'api_key' ? `api_key:${principal.apiKeyId}` : `user:${principal.userId}`;
}

/** `Last-Event-ID` (a reconnecting EventSource sends it) wins over `?after=`. */
function resumeAfter(header: string, query: Record<string, unknown>): number {
  if (header === '') return (query.after as number | undefined) ?? 0;
  if (!/^\d{1,10}$/.test(header)) {
    throw new ValidationFailed([{ path: '/headers/last-event-id', message: 'must be the seq of an event' }]);
  }
  return Number(header);
}

export function runEventRoutes(
  deps: ThroughRuns,
  options: { heartbeatSeconds: number; limits: EventStreamLimits },
): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.missions);
  const worker = bearerRoutes(TAGS.workers);
  return [
    worker.post('/api/runs/{id}/events', {
      operationId: 'appendRunEvents',
      summary: 'Report logs, progress and output of a run (workers)',
      description:
        `Only the session holding the run's lease, while it lasts: 1 to ${MAX_EVENTS_PER_APPEND} events of at ` +
        `most ${MAX_EVENT_BYTES / 1024} KiB each. Each gets the next seq of the run. 409 \`run_cancelled\` once ` +
        `the run was cancelled; 413 \`run_event_limit_exceeded\` past ${MAX_EVENTS_PER_RUN} events or ` +
        `${MAX_EVENT_BYTES_PER_RUN / 1024 / 1024} MiB per run.`,
      body: appendEventsRequest,
      maxBodyBytes: MAX_EVENTS_PER_APPEND * MAX_EVENT_BYTES + 64 * 1024,
      errors: [403, 409, 413],
      responses: { 201: { description: 'The seqs the events got.', schema: appendedEvents } },
      handler: async (ctx, { principal, params, body }) => {
        const { events } = body as { events: WorkerEvent[] };
        const appended = await deps.appendRunEvents(principal, params.id, events);
        created(ctx, { seq_from: appended.seqFrom, seq_to: appended.seqTo });
      },
    }),
    bearer.get('/api/runs/{id}/events', {
      operationId: 'listRunEvents',
      summary: "A run's events",
      description:
        'In seq order, after `after`. `next_cursor` (when more may follow) is the seq to pass as `after`. The ' +
        'server adds a `status` event for every state change.',
      query: listEventsQuery,
      responses: { 200: { description: 'One page of events.', schema: runEventPage } },
      handler: async (ctx, { principal, params, query }) => {
        const page = { after: query.after as number, limit: query.limit as number };
        ok(ctx, presentRunEventPage(await deps.listRunEvents(principal, params.id, page), page.limit));
      },
    }),
    bearer.get('/api/runs/{id}/events/stream', {
      operationId: 'streamRunEvents',
      summary: "A run's events, live (Server-Sent Events)",
      description:
        'Every event after `Last-Event-ID` (or `?after=`), then each new one as it happens: `id: <seq>`, ' +
        '`event: <type>`, `data: <the event as JSON>`. A comment line every ' +
        `${options.heartbeatSeconds} s keeps idle connections open. Once the run is finished and its events ` +
        'are all sent, an `event: end` frame closes the stream. The backlog is sent at the pace the client ' +
        'reads it; a client that falls too far behind live events is disconnected (resume with ' +
        "`Last-Event-ID`), as is every stream past its maximum lifetime, at its access token's expiry, and " +
        "as soon as its caller's access ends (a key revoked, a session ended, a member removed). Each caller " +
        'may hold a limited number of open streams: 429 with `Retry-After` beyond. `HEAD` answers the headers only.',
      query: streamEventsQuery,
      errors: [429],
      responses: {
        200: eventStreamResponse,
      },
      handler: (ctx, { principal, params, query }) =>
        streamRunEvents(deps, options, ctx, principal, params.id, query),
    }),
  ];
}

/**
 * Answers a run's events as Server-Sent Events (the run stream's handler, also the thread stream's): the
 * backlog after `Last-Event-ID` or `?after=`, then live events, within the stream limits and access rechecks.
 */
export async function streamRunEvents(
  deps: ThroughRuns,
  options: { heartbeatSeconds: number; limits: EventStreamLimits },
  ctx: Context,
  principal: Principal,
  runId: string,
  query: Record<string, unknown>,
): Promise<void> {
  const after = resumeAfter(ctx.get('Last-Event-ID'), query);
  if (ctx.method === 'HEAD') {
    await deps.getRun(principal, runId);
    ctx.status = 200;
    ctx.type = 'text/event-stream; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache, no-transform');
    return;
  }
  deps.eventStreams.admit(holderOf(principal));
  const credential = credentialOf(ctx);
  const access: StreamAccess = {
    holder: holderOf(principal),
    touchedBy: accessKeysOf(principal),
    expiresAt: credential.expiresAt,
    recheck: async () => {
      await deps.getRun(await credential.reauthenticate(), runId);
    },
  };
  const stream = new EventStream();
  let attached = false;
  let stop: () => void;
  try {
    stop = await deps.followRunEvents(principal, runId, after, {
      open: () => {
        stream.attach(ctx, options.limits);
        attached = true;
        deps.eventStreams.register(stream, access);
      },
      events: (events) => stream.send(sseFramesOf(events)),
      gone: () => stream.closed,
      end: () => stream.end(),
      interrupt: () => stream.close(),
    });
  } catch (error) {
    // Once the headers are out, a failure can only end the stream (the client resumes after it).
    if (!attached) throw error;
    stream.close();
    return;
  }
  if (stream.closed) stop();
  else stream.onClose(stop);
}

/** The run stream's settings, from the configuration (every route streaming run events uses them). */
export function runStreamOptions(deps: Pick<ThroughRuns, 'config'>): {
  heartbeatSeconds: number;
  limits: EventStreamLimits;
} {
  return {
    heartbeatSeconds: deps.config.runs.eventStreamHeartbeatSeconds,
    limits: {
      heartbeatMs: deps.config.runs.eventStreamHeartbeatSeconds * 1000,
      bufferBytes: deps.config.eventStreams.bufferBytes,
      stallMs: deps.config.eventStreams.stallSeconds * 1000,
    },
  };
}

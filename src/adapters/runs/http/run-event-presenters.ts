import { pageMayContinue, RUN_EVENT_PAGE_BYTES, type RunEvent } from '../../../domain/runs/run-event.ts';

/** The one presentation of a run event (pages and the SSE stream). */
export function presentRunEvent(event: RunEvent) {
  return {
    seq: event.seq,
    type: event.type,
    level: event.level,
    message: event.message,
    data: event.data,
    at: event.at.toISOString(),
  };
}

/** A page of events: `next_cursor` is the seq to pass as `after` when the page is full (more may follow). */
export function presentRunEventPage(events: readonly RunEvent[], limit: number) {
  const last = events.at(-1);
  return {
    items: events.map(presentRunEvent),
    next_cursor: last && pageMayContinue(events, limit, RUN_EVENT_PAGE_BYTES) ? String(last.seq) : null,
  };
}

const framesByBatch = new WeakMap<readonly RunEvent[], Buffer>();

/**
 * The SSE frames (`id:`, `event:`, `data:`) of a batch of events, serialised and encoded once however many
 * streams send them: a run's followers are handed the very same batch (see RunEventFeed).
 */
export function sseFramesOf(events: readonly RunEvent[]): Buffer {
  let frames = framesByBatch.get(events);
  if (frames === undefined) {
    const text = events
      .map(
        (event) =>
          `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(presentRunEvent(event))}\n\n`,
      )
      .join('');
    frames = Buffer.from(text);
    framesByBatch.set(events, frames);
  }
  return frames;
}

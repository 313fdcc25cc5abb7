import type { Context } from 'koa';
import type { RunEvent } from '../../../domain/runs/index.ts';
import { html, type SafeHtml } from '../html.ts';
import type { WebDeps } from '../web-context.ts';
import { type ConsoleRequest, sessionStillLive } from './console-context.ts';

/** How long one page view streams a run's events before it ends with a link to refresh. */
const STREAM_SECONDS = 300;
/** How often an idle stream checks that its viewer may still read the run (events check before each write). */
const ACCESS_CHECK_SECONDS = 5;

export interface EventPage {
  /** Writes events as rows of the page. */
  rows(events: readonly RunEvent[]): void;
  /** Ends the page, with a note after the rows. */
  finish(note?: SafeHtml): void;
}

/**
 * Writes the run's events (the backlog, then live ones) as rows until it ends, the time is up, the browser
 * leaves, or the viewer's access ends. Access is checked again as the API's streams are (the session still
 * live, the viewer still a member of the run's workspace): before each batch of events is written (batches
 * that arrive during one check share it, so a busy run costs one check at a time, not one per event) and
 * every ACCESS_CHECK_SECONDS while no event comes. A removed member or a signed-out session sees nothing more.
 */
export async function streamEvents(
  ctx: Context,
  deps: WebDeps,
  req: ConsoleRequest,
  runId: string,
  page: EventPage,
): Promise<void> {
  let done = false;
  let ending = false;
  let checking = false;
  const queue: RunEvent[] = [];
  let stop = () => {};
  const close = (note?: SafeHtml) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    clearInterval(watch);
    stop();
    page.finish(note);
  };
  const again = html`<p role="status">The live view paused. <a href="/console/runs/${runId}">Refresh</a> to follow on.</p>`;
  const ended = html`<p role="status">The live view ended: this session may no longer see this run.</p>`;
  const allowed = async () => {
    try {
      // The request's own cookie: the same session, or none once it ended.
      const fresh = await sessionStillLive(ctx, deps);
      if (!fresh) return false;
      await deps.getRun(fresh.principal, runId);
      return true;
    } catch {
      return false;
    }
  };
  // One check at a time; the events queued meanwhile are written after it, in order, or never.
  const pump = async (force: boolean) => {
    if (checking || done) return;
    if (!force && queue.length === 0 && !ending) return;
    checking = true;
    try {
      do {
        if (!(await allowed())) return close(ended);
        const batch = queue.splice(0);
        if (batch.length > 0 && !done) page.rows(batch);
      } while (queue.length > 0 && !done);
      if (ending) close();
    } finally {
      checking = false;
    }
  };
  const timer = setTimeout(() => close(again), STREAM_SECONDS * 1000);
  const watch = setInterval(() => void pump(true), ACCESS_CHECK_SECONDS * 1000);
  ctx.res.on('close', () => close());
  stop = await deps.followRunEvents(req.principal, runId, 0, {
    events: (events) => {
      if (done) return;
      queue.push(...events);
      void pump(false);
    },
    gone: () => done,
    end: () => {
      ending = true;
      void pump(false);
    },
    interrupt: () => close(again),
  });
  if (done) stop();
}

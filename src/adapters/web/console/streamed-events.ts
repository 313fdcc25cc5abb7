import type { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import type { RunEvent } from '../../../domain/runs/index.ts';
import { html, type SafeHtml } from '../html.ts';
import type { WebDeps } from '../web-context.ts';
import { type ConsoleRequest, sessionStillLive } from './console-context.ts';

/** How long one page view streams a run's events before it ends with a link to refresh. */
const STREAM_SECONDS = 300;
/** How often an idle stream checks that its viewer may still read the run (events check before each write). */
const ACCESS_CHECK_SECONDS = 5;

const ENDED = html`<p role="status">The live view ended: this session may no longer see this run.</p>`;

/**
 * Writes a run's events (the backlog, then live ones) into a page being sent, as `write` renders them, until
 * the run ends, the time is up (then `again`, a note to refresh), the browser leaves, or the viewer's access
 * ends; `finish` ends the page. Access is checked again as the API's streams are (the session still live, the
 * viewer still a member of the run's workspace): before each batch of events is written (batches that arrive
 * during one check share it, so a busy run costs one check at a time, not one per event) and every
 * ACCESS_CHECK_SECONDS while no event comes. A removed member or a signed-out session sees nothing more.
 */
export async function streamEvents(
  ctx: Context,
  deps: WebDeps,
  req: ConsoleRequest,
  stream: {
    readonly runId: string;
    readonly out: PassThrough;
    readonly write: (events: readonly RunEvent[]) => string;
    readonly again: SafeHtml;
    readonly finish: (note?: SafeHtml) => void;
  },
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
    stream.finish(note);
  };
  const allowed = async () => {
    try {
      // The request's own cookie: the same session, or none once it ended.
      const fresh = await sessionStillLive(ctx, deps);
      if (!fresh) return false;
      await deps.getRun(fresh.principal, stream.runId);
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
        if (!(await allowed())) return close(ENDED);
        const batch = queue.splice(0);
        if (batch.length > 0 && !done) stream.out.write(stream.write(batch));
      } while (queue.length > 0 && !done);
      if (ending) close();
    } finally {
      checking = false;
    }
  };
  const timer = setTimeout(() => close(stream.again), STREAM_SECONDS * 1000);
  const watch = setInterval(() => void pump(true), ACCESS_CHECK_SECONDS * 1000);
  ctx.res.on('close', () => close());
  stop = await deps.followRunEvents(req.principal, stream.runId, 0, {
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
    interrupt: () => close(stream.again),
  });
  if (done) stop();
}

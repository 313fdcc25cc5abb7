import type { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import type { RunEvent } from '../../../domain/runs/index.ts';
import type { SafeHtml } from '../html.ts';
import type { WebDeps } from '../web-context.ts';
import type { ConsoleRequest } from './console-context.ts';

/** How long one page view streams a run's events before it ends with a link to refresh. */
const STREAM_SECONDS = 300;

/**
 * Writes a run's events (the backlog, then live ones) into a page being sent, as `write` renders them, until
 * the run ends, the time is up (then `again`, a note to refresh) or the browser leaves; `finish` ends the page.
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
  let stop = () => {};
  const close = (note?: SafeHtml) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    stop();
    stream.finish(note);
  };
  const timer = setTimeout(() => close(stream.again), STREAM_SECONDS * 1000);
  ctx.res.on('close', () => close());
  stop = await deps.followRunEvents(req.principal, stream.runId, 0, {
    events: (events) => {
      if (!done) stream.out.write(stream.write(events));
    },
    gone: () => done,
    end: () => close(),
    interrupt: () => close(stream.again),
  });
  if (done) stop();
}

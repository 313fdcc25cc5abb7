import type { RunEvent } from '../../domain/runs/run-event.ts';
import { isFinished, type RunStatus } from '../../domain/runs/run-status.ts';
import type { RunEventSubscriber } from './run-event-feed.ts';

/** One stream following a run: the seq it got to, and the events held back while it reads its backlog. */
export class RunEventFollower {
  sent: number;
  closed = false;
  readonly #subscriber: RunEventSubscriber;
  readonly #leave: () => void;
  #buffer: RunEvent[] | undefined = [];

  constructor(after: number, subscriber: RunEventSubscriber, leave: () => void) {
    this.sent = after;
    this.#subscriber = subscriber;
    this.#leave = leave;
  }

  /** From the channel: held back while the backlog is still being read. */
  receive(events: readonly RunEvent[]): void {
    if (this.#buffer) this.#buffer.push(...events);
    // Live events are not paced: a client that falls too far behind is dropped by its stream instead.
    else void this.deliver(events);
  }

  /** Whether its backlog is read (events from the channel now go straight to the subscriber). */
  get live(): boolean {
    return this.#buffer === undefined;
  }

  goLive(): void {
    const buffered = this.#buffer ?? [];
    this.#buffer = undefined;
    void this.deliver(buffered);
  }

  /**
   * Sends the events not sent yet, in seq order; ends after a final status event. A batch that is all new
   * is passed on as is, so the subscribers of one channel share it (and what they derive from it).
   */
  deliver(events: readonly RunEvent[]): void | Promise<void> {
    const allNew = (events[0]?.seq ?? 0) > this.sent;
    const fresh = allNew ? events : events.filter((event) => event.seq > this.sent);
    const last = fresh.at(-1);
    if (this.closed || !last) return;
    this.sent = last.seq;
    const taken = this.#subscriber.events(fresh);
    if (fresh.some(isFinalStatus)) this.finish();
    return taken;
  }

  finish(): void {
    if (this.closed) return;
    this.#subscriber.end();
    this.close();
  }

  interrupt(): void {
    if (this.closed) return;
    this.#subscriber.interrupt();
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.#leave();
  }
}

function isFinalStatus(event: RunEvent): boolean {
  return event.type === 'status' && isFinished((event.data as { status: RunStatus }).status);
}

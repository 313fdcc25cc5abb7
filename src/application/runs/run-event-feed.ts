import type { Run } from '../../domain/runs/run.ts';
import { pageMayContinue, type RunEvent } from '../../domain/runs/run-event.ts';
import { isFinished } from '../../domain/runs/run-status.ts';
import type { RunEventNotifier } from './ports/run-event-notifier.ts';
import type { RunEventRepository } from './ports/run-event-repository.ts';
import { BYTES_PER_READ, EVENTS_PER_READ, RunEventChannel } from './run-event-channel.ts';
import { RunEventFollower } from './run-event-follower.ts';
import { SharedBacklog } from './shared-backlog.ts';

/** Where a follower's events go (an SSE response, a test). */
export interface RunEventSubscriber {
  /** Access was granted: called once, before any event (a stream sends its headers now). */
  open?(): void;
  /**
   * Events in seq order. A returned promise is the subscriber's backpressure: the backlog's next page is read
   * only once it resolves, so a client that reads slowly is sent its backlog at its own pace.
   */
  events(events: readonly RunEvent[]): void | Promise<void>;
  /** Whether the subscriber went away meanwhile (the backlog is then read no further). */
  gone?(): boolean;
  /** The run is finished and every event was delivered: nothing will follow. */
  end(): void;
  /** The feed stopped (a read failed, the server shuts down): the client should reconnect and resume. */
  interrupt(): void;
}

/**
 * Follows runs' event logs for this process's streams. Each followed run has one channel: signalled by the
 * notifier, it reads the new events once (after the last seq it read) and hands them to every follower, so a
 * run with a thousand open streams costs one read per batch of appends, not a thousand, and no stream polls
 * the database.
 */
export class RunEventFeed {
  readonly #channels = new Map<string, RunEventChannel>();
  readonly #deps: { runEvents: RunEventRepository; runEventNotifier: RunEventNotifier };
  readonly backlog: SharedBacklog;

  constructor(deps: { runEvents: RunEventRepository; runEventNotifier: RunEventNotifier }) {
    this.#deps = deps;
    this.backlog = new SharedBacklog(deps.runEvents);
  }

  /**
   * Sends `subscriber` the run's events after seq `after`, then each new one as it is committed, ending
   * after the last event of a finished run. Returns the function that stops following.
   */
  async follow(run: Run, after: number, subscriber: RunEventSubscriber): Promise<() => void> {
    let channel = this.#channels.get(run.id);
    if (!channel || channel.broken) {
      channel = new RunEventChannel(run.id, this.#deps);
      this.#channels.set(run.id, channel);
    }
    const follower = new RunEventFollower(after, subscriber, () => this.#leave(run.id, follower));
    const joined = channel.join(follower);
    try {
      await channel.ready;
      subscriber.open?.();
      // The backlog is read after joining the channel: every event is in one or the other (or both: seq
      // decides), since the channel reads contiguous ranges after a seq no later than the backlog's end.
      // Followers reading the same backlog share its pages (read once, encoded once).
      for (;;) {
        const page = await this.backlog.page(channel, run.id, follower.sent, joined);
        await follower.deliver(page);
        if (
          !pageMayContinue(page, EVENTS_PER_READ, BYTES_PER_READ) ||
          follower.closed ||
          subscriber.gone?.()
        ) {
          break;
        }
      }
      follower.goLive();
      if ([...channel.followers].every((other) => other.live)) this.backlog.forgetRun(run.id);
      // Runs finished before their events were recorded have no final status event.
      if (isFinished(run.status)) follower.finish();
    } catch (error) {
      follower.close();
      throw error;
    }
    return () => follower.close();
  }

  /** Interrupts every follower (the server is shutting down). */
  close(): void {
    for (const channel of this.#channels.values()) {
      for (const follower of channel.followers) follower.interrupt();
    }
  }

  #leave(runId: string, follower: RunEventFollower): void {
    const channel = this.#channels.get(runId);
    channel?.followers.delete(follower);
    if (channel && channel.followers.size === 0) {
      channel.stop();
      this.backlog.forgetRun(runId);
      this.#channels.delete(runId);
    }
  }
}

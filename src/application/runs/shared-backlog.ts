import { pageMayContinue, type RunEvent } from '../../domain/runs/run-event.ts';
import type { RunEventRepository } from './ports/run-event-repository.ts';
import { BYTES_PER_READ, EVENTS_PER_READ, type RunEventChannel } from './run-event-channel.ts';

/**
 * How many bytes of events (their `bytes`) the backlog pages shared between streams may hold in one process,
 * all runs together (a page is about `BYTES_PER_READ`): enough for the streams of one run that open together
 * to read its backlog once, though the first runs ahead of the others by what its socket's kernel buffer takes
 * (up to 4 MiB on Linux) before it waits.
 */
export const SHARED_BACKLOG_BYTES = 6 * 1024 * 1024;

interface SharedRead {
  readonly runId: string;
  readonly page: Promise<readonly RunEvent[]>;
  /** The channel's join count when the read started (see RunEventChannel.join). */
  readonly joins: number;
  bytes: number;
}

/**
 * Backlog pages recently read for streams, shared by the streams that read the same run's backlog: fifty
 * streams opened on one run read it from the database once, not fifty times, and send the same bytes (each
 * page is encoded once for all, see the SSE presenter). Without it, each stream that stops reading had read,
 * parsed and re-encoded the megabytes its socket's kernel buffer accepts, and the process kept that churn
 * resident. The pages kept are bounded for the whole process (`SHARED_BACKLOG_BYTES`), oldest dropped first.
 */
export class SharedBacklog {
  readonly #runEvents: RunEventRepository;
  readonly #reads = new Map<string, SharedRead>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(runEvents: RunEventRepository, maxBytes = SHARED_BACKLOG_BYTES) {
    this.#runEvents = runEvents;
    this.#maxBytes = maxBytes;
  }

  /**
   * The page of `runId`'s events after seq `after`, for a follower of `channel` that joined it at `joined`.
   * A full page (one that reached the read's limits) never changes, so any follower may take one read for
   * another; a short page (the log's end) only a follower that joined before its read started: an event
   * appended before that join may be missing from both the page and what the channel handed the follower.
   */
  async page(
    channel: RunEventChannel,
    runId: string,
    after: number,
    joined: number,
  ): Promise<readonly RunEvent[]> {
    const key = `${runId}:${after}`;
    const shared = this.#reads.get(key);
    if (shared) {
      const page = await shared.page.catch(() => undefined);
      if (page && (shared.joins >= joined || pageMayContinue(page, EVENTS_PER_READ, BYTES_PER_READ))) {
        return page;
      }
    }
    const read: SharedRead = {
      runId,
      page: this.#runEvents.list(runId, after, EVENTS_PER_READ, BYTES_PER_READ),
      joins: channel.joins,
      bytes: BYTES_PER_READ,
    };
    this.#forget(key);
    this.#reads.set(key, read);
    this.#bytes += read.bytes;
    this.#trim();
    const forget = () => {
      if (this.#reads.get(key) === read) this.#forget(key);
    };
    const page = await read.page.catch((error: unknown) => {
      forget();
      throw error;
    });
    if (!pageMayContinue(page, EVENTS_PER_READ, BYTES_PER_READ)) {
      // The log's end: read afresh by each follower that comes to it.
      forget();
    } else if (this.#reads.get(key) === read) {
      const bytes = page.reduce((sum, event) => sum + event.bytes, 0);
      this.#bytes += bytes - read.bytes;
      read.bytes = bytes;
      this.#trim();
    }
    return page;
  }

  /** Drops the run's pages (nobody reads its backlog any longer). */
  forgetRun(runId: string): void {
    for (const [key, read] of this.#reads) if (read.runId === runId) this.#forget(key);
  }

  /** Bytes of events held now (for tests). */
  get bytes(): number {
    return this.#bytes;
  }

  #forget(key: string): void {
    const read = this.#reads.get(key);
    if (!read) return;
    this.#reads.delete(key);
    this.#bytes -= read.bytes;
  }

  #trim(): void {
    for (const key of this.#reads.keys()) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#forget(key);
    }
  }
}

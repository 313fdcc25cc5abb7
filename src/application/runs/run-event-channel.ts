import { pageMayContinue } from '../../domain/runs/run-event.ts';
import type { RunEventNotifier } from './ports/run-event-notifier.ts';
import type { RunEventRepository } from './ports/run-event-repository.ts';
import type { RunEventFollower } from './run-event-follower.ts';

/** Events read per query... */
export const EVENTS_PER_READ = 500;
/**
 * ...and at most about this many bytes of them: what one read holds in memory, and what a stream's backlog
 * puts in its socket buffer at a time (the next read waits until the client has taken it).
 */
export const BYTES_PER_READ = 256 * 1024;
/** How long a channel gathers appends before it reads them (the latency this adds to a live stream)... */
export const BATCH_WINDOW_MS = 50;
/**
 * ...or longer on a run with many followers: each read costs a write per follower, so writes per run stay
 * under about this many per second (1,000 followers: a read every 500 ms, 2,000 writes per second).
 */
const WRITES_PER_SECOND = 2000;

/** The followers of one run in this process, and the one reader that brings them its new events. */
export class RunEventChannel {
  readonly followers = new Set<RunEventFollower>();
  readonly ready: Promise<void>;
  broken = false;
  readonly #runId: string;
  readonly #runEvents: RunEventRepository;
  readonly #unsubscribe: () => void;
  #lastSeq = 0;
  #dirty = false;
  #pulling = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #joins = 0;

  constructor(runId: string, deps: { runEvents: RunEventRepository; runEventNotifier: RunEventNotifier }) {
    this.#runId = runId;
    this.#runEvents = deps.runEvents;
    // Subscribed before reading where the log ends: no append can fall between the two.
    this.#unsubscribe = deps.runEventNotifier.subscribe(runId, () => this.#signal());
    this.ready = deps.runEvents.lastSeq(runId).then(
      (seq) => {
        this.#lastSeq = seq;
      },
      (error: unknown) => {
        this.broken = true;
        throw error;
      },
    );
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#unsubscribe();
  }

  /**
   * Adds a follower. The number returned orders joins and reads: a read that started at or after a
   * follower's number cannot have missed an event the channel did not hand that follower.
   */
  join(follower: RunEventFollower): number {
    this.followers.add(follower);
    return ++this.#joins;
  }

  /** The number of the last join (see `join`). */
  get joins(): number {
    return this.#joins;
  }

  /**
   * Reads at most once per window: appends arriving meanwhile are read (and written to every stream)
   * together, so however busy the run, its streams cost a bounded number of writes per second.
   */
  #signal(): void {
    this.#dirty = true;
    if (this.#pulling || this.#timer) return;
    const window = Math.max(BATCH_WINDOW_MS, (1000 * this.followers.size) / WRITES_PER_SECOND);
    this.#timer = setTimeout(() => void this.#pull(), window);
  }

  async #pull(): Promise<void> {
    this.#timer = undefined;
    this.#pulling = true;
    try {
      await this.ready;
      while (this.#dirty) {
        this.#dirty = false;
        for (;;) {
          const page = await this.#runEvents.list(
            this.#runId,
            this.#lastSeq,
            EVENTS_PER_READ,
            BYTES_PER_READ,
          );
          const last = page.at(-1);
          if (!last) break;
          this.#lastSeq = last.seq;
          for (const follower of [...this.followers]) follower.receive(page);
          if (!pageMayContinue(page, EVENTS_PER_READ, BYTES_PER_READ)) break;
        }
      }
    } catch {
      this.broken = true;
      for (const follower of [...this.followers]) follower.interrupt();
    } finally {
      this.#pulling = false;
    }
  }
}

import type { Logger } from 'pino';
import { RateLimited } from '../../../domain/kernel/errors.ts';
import type { ChangeSubscriber } from '../caching/cache-invalidation.ts';
import type { Change } from '../caching/cached-rows.ts';
import type { EventStream } from './event-stream.ts';

/** Where the open streams hear of changes to credentials, users, memberships and workspaces. */
export interface AccessChanges {
  subscribe(subscriber: ChangeSubscriber): void;
}

export interface EventStreamCaps {
  /** Open streams per caller (a person across their sessions, or an API key). */
  readonly perHolder: number;
  /** Open streams on this instance. */
  readonly perInstance: number;
  /** The longest a stream stays open; the client then reconnects (and resumes after `Last-Event-ID`). */
  readonly maxLifetimeMs: number;
}

/** What a stream needs to know to keep checking that its caller may still read it. */
export interface StreamAccess {
  /** Who holds the stream, for the per-caller cap. */
  readonly holder: string;
  /** The changes (`kind:id`) that may end this caller's access. */
  readonly touchedBy: readonly string[];
  /** Checks access again from the credential the stream was opened with; throws when it is gone. */
  recheck(): Promise<void>;
  /** When the credential itself expires (ms since the epoch); the stream ends then. */
  readonly expiresAt?: number | undefined;
}

interface Open {
  readonly stream: EventStream;
  readonly access: StreamAccess;
  checking: boolean;
  again: boolean;
}

/** Seconds a caller refused for the cap is told to wait. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The instance's open event streams. It admits a stream only under the caps (429 with `Retry-After`
 * beyond), ends each at its lifetime and at its credential's expiry, and, on every change that touches a
 * stream's caller (a key revoked, a session ended, a user disabled, a membership changed or removed, a
 * workspace deleted), checks that caller's access again and closes the streams that fail. When changes may
 * have been missed (the feed reconnected), every stream is checked.
 */
export class EventStreams implements ChangeSubscriber {
  readonly #caps: EventStreamCaps;
  readonly #logger: Logger;
  readonly #open = new Set<Open>();
  readonly #byKey = new Map<string, Set<Open>>();
  readonly #byHolder = new Map<string, number>();

  constructor(deps: { caps: EventStreamCaps; accessChanges: AccessChanges; logger: Logger }) {
    this.#caps = deps.caps;
    this.#logger = deps.logger;
    deps.accessChanges.subscribe(this);
  }

  get size(): number {
    return this.#open.size;
  }

  /** Bytes queued for clients across every open stream. */
  get bufferedBytes(): number {
    let total = 0;
    for (const open of this.#open) total += open.stream.bufferedBytes;
    return total;
  }

  /** Throws RateLimited when `holder` (or this instance) already has as many streams as allowed. */
  admit(holder: string): void {
    if (
      this.#open.size >= this.#caps.perInstance ||
      (this.#byHolder.get(holder) ?? 0) >= this.#caps.perHolder
    ) {
      throw new RateLimited(RETRY_AFTER_SECONDS);
    }
  }

  /** Counts `stream` until it closes, bounds its lifetime and watches its caller's access. */
  register(stream: EventStream, access: StreamAccess): void {
    this.admit(access.holder);
    const open: Open = { stream, access, checking: false, again: false };
    this.#open.add(open);
    this.#byHolder.set(access.holder, (this.#byHolder.get(access.holder) ?? 0) + 1);
    for (const key of access.touchedBy) {
      const set = this.#byKey.get(key) ?? new Set<Open>();
      this.#byKey.set(key, set);
      set.add(open);
    }
    const lifetime = Math.min(
      this.#caps.maxLifetimeMs,
      access.expiresAt === undefined ? Number.POSITIVE_INFINITY : Math.max(0, access.expiresAt - Date.now()),
    );
    const timer = setTimeout(() => stream.close(), lifetime);
    timer.unref();
    stream.onClose(() => {
      clearTimeout(timer);
      this.#forget(open);
    });
  }

  changed(change: Change): void {
    // A workspace changes rarely; its deletion may reach its members' and keys' rows only through it.
    if (change.kind === 'workspace') {
      this.reset();
      return;
    }
    const touched = this.#byKey.get(`${change.kind}:${change.id}`);
    if (touched) for (const open of touched) this.#recheck(open);
  }

  reset(): void {
    for (const open of this.#open) this.#recheck(open);
  }

  /** Closes every stream (the server is shutting down). */
  closeAll(): void {
    for (const open of [...this.#open]) open.stream.close();
  }

  #recheck(open: Open): void {
    if (open.checking) {
      open.again = true;
      return;
    }
    open.checking = true;
    // After the current dispatch: the caches told of the same change have forgotten it by then.
    setImmediate(async () => {
      try {
        do {
          open.again = false;
          if (open.stream.closed) return;
          await open.access.recheck();
        } while (open.again);
      } catch (error) {
        this.#logger.info(
          { holder: open.access.holder, reason: (error as Error).message },
          'event stream closed: access ended',
        );
        open.stream.close();
      } finally {
        open.checking = false;
      }
    });
  }

  #forget(open: Open): void {
    if (!this.#open.delete(open)) return;
    const count = (this.#byHolder.get(open.access.holder) ?? 1) - 1;
    if (count === 0) this.#byHolder.delete(open.access.holder);
    else this.#byHolder.set(open.access.holder, count);
    for (const key of open.access.touchedBy) {
      const set = this.#byKey.get(key);
      set?.delete(open);
      if (set?.size === 0) this.#byKey.delete(key);
    }
  }
}

import { CACHED_ROWS, type Change, type ChangeKind } from './cached-rows.ts';

/** How a cache's reads went: served from it, loaded into it, or past it (feed not live). */
export interface LookupCounts {
  hits: number;
  misses: number;
  bypassed: number;
}

/** What a cache does when told. */
export interface ChangeSubscriber {
  changed(change: Change): void;
  /** Changes may have been missed: forget everything. */
  reset(): void;
}

const KINDS = new Set<string>(CACHED_ROWS.map((row) => row.kind));

/**
 * How this instance's caches learn of changes. Changes made here are applied at once and again when the
 * surrounding transaction has ended (`changedHere`): the next request sees them. Changes committed by any
 * instance arrive from the database's change feed (`announced`, `kind:id`). While the feed is not known to
 * be delivering (`live` false: not yet listening, or the connection was lost) caches must not serve, so a
 * cached value is never older than the feed's own delay.
 */
export class CacheInvalidation {
  readonly #subscribers: ChangeSubscriber[] = [];
  /** Per cache name, for the metrics: plain numbers, read at each scrape. */
  readonly lookups = new Map<string, LookupCounts>();
  readonly #afterTransaction: (callback: () => void) => void;
  #live: boolean;

  constructor(options: { afterTransaction?: (callback: () => void) => void; live?: boolean } = {}) {
    this.#afterTransaction = options.afterTransaction ?? ((callback) => callback());
    this.#live = options.live ?? false;
  }

  get live(): boolean {
    return this.#live;
  }

  /** The counts of the caches named `name` (one shared record when several caches share a name). */
  lookupsOf(name: string): LookupCounts {
    let counts = this.lookups.get(name);
    if (!counts) {
      counts = { hits: 0, misses: 0, bypassed: 0 };
      this.lookups.set(name, counts);
    }
    return counts;
  }

  subscribe(subscriber: ChangeSubscriber): void {
    this.#subscribers.push(subscriber);
  }

  /** The feed delivers every change from now on; what was cached before may have missed some. */
  feedUp(): void {
    this.#reset();
    this.#live = true;
  }

  /** The feed stopped delivering: caches are bypassed until it is up again. */
  feedDown(): void {
    this.#live = false;
    this.#reset();
  }

  /** A change announced by the database (`kind:id`); anything else is ignored. */
  announced(payload: string): void {
    const colon = payload.indexOf(':');
    const kind = payload.slice(0, colon);
    if (colon > 0 && KINDS.has(kind))
      this.#dispatch({ kind: kind as ChangeKind, id: payload.slice(colon + 1) });
  }

  /** Changes written by this instance: forgotten now, and again once they are committed (or rolled back). */
  changedHere(changes: readonly Change[]): void {
    for (const change of changes) this.#dispatch(change);
    this.#afterTransaction(() => {
      for (const change of changes) this.#dispatch(change);
    });
  }

  #dispatch(change: Change): void {
    for (const subscriber of this.#subscribers) subscriber.changed(change);
  }

  #reset(): void {
    for (const subscriber of this.#subscribers) subscriber.reset();
  }
}

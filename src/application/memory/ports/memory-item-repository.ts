import type { JsonObject } from '../../../domain/kernel/json-document.ts';
import type { MemoryItem } from '../../../domain/memory/memory-item.ts';

/** Where a search looks, and how it ranks. */
export interface MemorySearch {
  readonly workspaceId: string;
  /** Items whose namespace starts with these labels. */
  readonly namespacePrefix: readonly string[];
  /** Full-text over the value's strings: only matching items, best first (else the newest first). */
  readonly query?: string | undefined;
  /** Only items whose value contains this (JSONB containment). */
  readonly filter?: JsonObject | undefined;
  readonly limit: number;
}

/** A workspace's memory items. Every read takes `now`: an item expired at `now` is gone, whether swept or not. */
export interface MemoryItemRepository {
  /**
   * Writes the item at its namespace and key (`createdAt` kept from a live item already there); `created` tells
   * whether no live item was there. Returns the item as stored.
   */
  put(item: MemoryItem, now: Date): Promise<{ readonly item: MemoryItem; readonly created: boolean }>;
  /** The live item, if any. */
  find(
    workspaceId: string,
    namespace: readonly string[],
    key: string,
    now: Date,
  ): Promise<MemoryItem | undefined>;
  /** Deletes the item; false when no live item was there. */
  delete(workspaceId: string, namespace: readonly string[], key: string, now: Date): Promise<boolean>;
  /** Live items under the prefix, filtered and ranked (see MemorySearch), at most `limit`. */
  search(search: MemorySearch, now: Date): Promise<MemoryItem[]>;
  /** Deletes up to `limit` items expired at `now`; safe with several instances at once. Returns how many. */
  deleteExpired(now: Date, limit: number): Promise<number>;
}

import type { PostgresListener } from '../postgres/postgres-listener.ts';
import type { CacheInvalidation } from './cache-invalidation.ts';

/** Where the database announces changes to cached rows (see migration 0009). */
export const CACHE_INVALIDATION_CHANNEL = 'cache_invalidation';

/** Feeds the database's announcements to this instance's caches, live only while LISTEN works. */
export function feedCacheInvalidation(listener: PostgresListener, invalidation: CacheInvalidation): void {
  listener.on(CACHE_INVALIDATION_CHANNEL, {
    notification: (payload) => invalidation.announced(payload),
    listening: () => invalidation.feedUp(),
    lost: () => invalidation.feedDown(),
  });
  listener.start();
}

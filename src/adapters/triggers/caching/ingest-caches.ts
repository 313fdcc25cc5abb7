import type { TriggerRepository } from '../../../application/triggers/ports/trigger-repository.ts';
import type { Trigger } from '../../../domain/triggers/trigger.ts';
import type { CacheInvalidation } from '../../platform/caching/cache-invalidation.ts';
import { changed } from '../../platform/caching/cached-rows.ts';
import { forgetting, InvalidatedCache } from '../../platform/caching/invalidated-cache.ts';
import {
  announces,
  announcingChanges,
  type MethodAccess,
  overrideMethods,
} from '../../platform/caching/method-overrides.ts';

const trigger = changed('trigger');

/** Every trigger method, a read or a write. */
const triggerAccess: MethodAccess<TriggerRepository> = {
  add: 'insert',
  findById: 'read',
  findByWebhookPath: 'read',
  list: 'read',
  save: announces((saved) => [trigger(saved.id)]),
  delete: announces((id) => [trigger(id)]),
};

/** Triggers whose every write tells this instance's caches. */
export function announcingTriggers(inner: TriggerRepository, invalidation: CacheInvalidation) {
  return announcingChanges(inner, invalidation, triggerAccess);
}

/**
 * `findByWebhookPath` cached by path, with the secrets already unsealed (one AES-GCM open per change, not
 * per delivery), for ingest. A trigger goes with its own changes, its mission's and its workspace's.
 */
export function withCachedTriggerPaths(
  inner: TriggerRepository,
  invalidation: CacheInvalidation,
  maxEntries: number,
): TriggerRepository {
  const cache = new InvalidatedCache<Trigger>({
    invalidation,
    maxEntries,
    forget: forgetting({
      trigger: (id, entries) => entries.deleteWhere((cached) => cached.id === id),
      mission: (id, entries) => entries.deleteWhere((cached) => cached.missionId === id),
      workspace: (id, entries) => entries.deleteWhere((cached) => cached.workspaceId === id),
    }),
  });
  return overrideMethods(inner, {
    findByWebhookPath: (path) => cache.get(path, () => inner.findByWebhookPath(path)),
  });
}

import type { MissionRepository } from '../../../application/missions/index.ts';
import type { TriggerRepository } from '../../../application/triggers/ports/trigger-repository.ts';
import type { Mission } from '../../../domain/missions/index.ts';
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
const mission = changed('mission');

/** Every trigger method, a read or a write. */
const triggerAccess: MethodAccess<TriggerRepository> = {
  add: 'insert',
  findById: 'read',
  findByWebhookPath: 'read',
  list: 'read',
  save: announces((saved) => [trigger(saved.id)]),
  delete: announces((id) => [trigger(id)]),
};

/** Every mission method, a read or a write (deleting one deletes its triggers). */
const missionAccess: MethodAccess<MissionRepository> = {
  add: 'insert',
  findById: 'read',
  listForWorkspace: 'read',
  update: announces((updated) => [mission(updated.id)]),
  delete: announces((id) => [mission(id)]),
};

/** Triggers whose every write tells this instance's caches. */
export function announcingTriggers(inner: TriggerRepository, invalidation: CacheInvalidation) {
  return announcingChanges(inner, invalidation, triggerAccess);
}

/** Missions whose every write tells this instance's caches. */
export function announcingMissions(inner: MissionRepository, invalidation: CacheInvalidation) {
  return announcingChanges(inner, invalidation, missionAccess);
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

/** `findById` cached, for the run policy ingest reads per delivery. */
export function withCachedMissions(
  inner: MissionRepository,
  invalidation: CacheInvalidation,
  maxEntries: number,
): MissionRepository {
  const cache = new InvalidatedCache<Mission>({
    invalidation,
    maxEntries,
    forget: forgetting({
      mission: (id, entries) => entries.delete(id),
      workspace: (id, entries) => entries.deleteWhere((cached) => cached.workspaceId === id),
    }),
  });
  return overrideMethods(inner, { findById: (id) => cache.get(id, () => inner.findById(id)) });
}

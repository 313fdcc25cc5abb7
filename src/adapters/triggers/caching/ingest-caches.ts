import type { MissionRepository } from '../../../application/missions/ports/mission-repository.ts';
import type { TriggerRepository } from '../../../application/triggers/ports/trigger-repository.ts';
import type { Mission } from '../../../domain/missions/mission.ts';
import type { Trigger } from '../../../domain/triggers/trigger.ts';
import type { CacheInvalidation, Change } from '../../platform/caching/cache-invalidation.ts';
import { InvalidatedCache } from '../../platform/caching/invalidated-cache.ts';
import { announcingChanges, overrideMethods } from '../../platform/caching/method-overrides.ts';

const trigger = (id: string): Change => ({ kind: 'trigger', id });
const mission = (id: string): Change => ({ kind: 'mission', id });

/** Triggers whose every write tells this instance's caches. */
export function announcingTriggers(inner: TriggerRepository, invalidation: CacheInvalidation) {
  return announcingChanges(inner, invalidation, {
    save: (saved) => [trigger(saved.id)],
    delete: (id) => [trigger(id)],
  });
}

/** Missions whose every write tells this instance's caches (deleting one deletes its triggers). */
export function announcingMissions(inner: MissionRepository, invalidation: CacheInvalidation) {
  return announcingChanges(inner, invalidation, {
    update: (updated) => [mission(updated.id)],
    delete: (id) => [mission(id)],
  });
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
    forget: (change, entries) => {
      if (change.kind === 'trigger') entries.deleteWhere((cached) => cached.id === change.id);
      else if (change.kind === 'mission') entries.deleteWhere((cached) => cached.missionId === change.id);
      else if (change.kind === 'workspace') entries.deleteWhere((cached) => cached.workspaceId === change.id);
    },
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
    forget: (change, entries) => {
      if (change.kind === 'mission') entries.delete(change.id);
      else if (change.kind === 'workspace') entries.deleteWhere((cached) => cached.workspaceId === change.id);
    },
  });
  return overrideMethods(inner, { findById: (id) => cache.get(id, () => inner.findById(id)) });
}

import type { MissionRepository } from '../../../application/missions/ports/mission-repository.ts';
import type { Mission } from '../../../domain/missions/mission.ts';
import type { CacheInvalidation } from '../../platform/caching/cache-invalidation.ts';
import { changed } from '../../platform/caching/cached-rows.ts';
import { forgetting, InvalidatedCache } from '../../platform/caching/invalidated-cache.ts';
import {
  announces,
  announcingChanges,
  type MethodAccess,
  overrideMethods,
} from '../../platform/caching/method-overrides.ts';

const mission = changed('mission');

/** Every mission method, a read or a write (deleting one deletes its triggers). */
const missionAccess: MethodAccess<MissionRepository> = {
  add: 'insert',
  findById: 'read',
  listForWorkspace: 'read',
  update: announces((updated) => [mission(updated.id)]),
  delete: announces((id) => [mission(id)]),
};

/** Missions whose every write tells this instance's caches. */
export function announcingMissions(inner: MissionRepository, invalidation: CacheInvalidation) {
  return announcingChanges(inner, invalidation, missionAccess);
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

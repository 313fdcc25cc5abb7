import type { MissionRepository } from '../../../application/missions/ports/mission-repository.ts';
import { cachedLookup } from '../../platform/caching/cached-lookup.ts';
import { changed } from '../../platform/caching/cached-rows.ts';
import { announcer, announces } from '../../platform/caching/method-overrides.ts';

const mission = changed('mission');

/**
 * Missions whose every write tells this instance's caches.
 * Every mission method, a read or a write (deleting one deletes its triggers).
 */
export const announcingMissions = announcer<MissionRepository>({
  add: 'insert',
  findById: 'read',
  listForWorkspace: 'read',
  usesBlueprint: 'read',
  update: announces((updated) => [mission(updated.id)]),
  delete: announces((id) => [mission(id)]),
});

/** `findById` cached, for the run policy ingest reads per delivery. */
export const withCachedMissions = cachedLookup<MissionRepository, 'findById'>(
  'findById',
  {
    mission: (id, entries) => entries.delete(id),
    workspace: (id, entries) => entries.deleteWhere((cached) => cached.workspaceId === id),
  },
  'missions',
);

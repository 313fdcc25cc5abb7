import type { TriggerRepository } from '../../../application/triggers/ports/trigger-repository.ts';
import { cachedLookup } from '../../platform/caching/cached-lookup.ts';
import { changed } from '../../platform/caching/cached-rows.ts';
import { announcer, announces } from '../../platform/caching/method-overrides.ts';

const trigger = changed('trigger');

/**
 * Triggers whose every write tells this instance's caches.
 * Every trigger method, a read or a write.
 */
export const announcingTriggers = announcer<TriggerRepository>({
  add: 'insert',
  findById: 'read',
  findByWebhookPath: 'read',
  list: 'read',
  save: announces((saved) => [trigger(saved.id)]),
  delete: announces((id) => [trigger(id)]),
});

/**
 * `findByWebhookPath` cached by path, with the secrets already unsealed (one AES-GCM open per change, not
 * per delivery), for ingest. A trigger goes with its own changes, its mission's and its workspace's.
 */
export const withCachedTriggerPaths = cachedLookup<TriggerRepository, 'findByWebhookPath'>(
  'findByWebhookPath',
  {
    trigger: (id, entries) => entries.deleteWhere((cached) => cached.id === id),
    mission: (id, entries) => entries.deleteWhere((cached) => cached.missionId === id),
    workspace: (id, entries) => entries.deleteWhere((cached) => cached.workspaceId === id),
  },
  'triggers',
);

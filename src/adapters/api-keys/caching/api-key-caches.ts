import type { ApiKeyRepository } from '../../../application/api-keys/ports/api-key-repository.ts';
import { cachedLookup } from '../../platform/caching/cached-lookup.ts';
import { changed } from '../../platform/caching/cached-rows.ts';
import { announcer, announces } from '../../platform/caching/method-overrides.ts';

const apiKey = changed('api_key');

/**
 * API keys whose every write tells this instance's caches.
 * Every API key method, a read or a write (revocation, the use recorded once a minute).
 */
export const announcingApiKeys = announcer<ApiKeyRepository>({
  add: 'insert',
  findByKeyId: 'read',
  findById: 'read',
  listForWorkspace: 'read',
  revoke: announces((id) => [apiKey(id)]),
  recordUse: announces((id) => [apiKey(id)]),
});

/**
 * `findByKeyId` cached by key id, for the check of a `pk_` credential: the secret is still compared, and the
 * key's revocation and expiry still judged, on every request. A key goes with its own changes and its
 * workspace's (deleting a workspace deletes its keys).
 */
export const withCachedApiKeys = cachedLookup<ApiKeyRepository, 'findByKeyId'>('findByKeyId', {
  api_key: (id, entries) => entries.deleteWhere((cached) => cached.id === id),
  workspace: (id, entries) => entries.deleteWhere((cached) => cached.workspaceId === id),
});

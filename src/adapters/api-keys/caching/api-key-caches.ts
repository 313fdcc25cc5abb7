import type { ApiKeyRepository } from '../../../application/api-keys/ports/api-key-repository.ts';
import type { CacheInvalidation } from '../../platform/caching/cache-invalidation.ts';
import { cachedLookup } from '../../platform/caching/cached-lookup.ts';
import { changed } from '../../platform/caching/cached-rows.ts';
import { announcer, announces, overrideMethods } from '../../platform/caching/method-overrides.ts';

const apiKey = changed('api_key');

/**
 * API keys whose every write tells this instance's caches.
 * Every API key method, a read or a write (revocation, the use recorded once a minute).
 */
const announcingWrites = announcer<ApiKeyRepository>({
  add: 'insert',
  findByKeyId: 'read',
  findById: 'read',
  listForWorkspace: 'read',
  revoke: announces((id) => [apiKey(id)]),
  recordUse: announces((id) => [apiKey(id)]),
  // Its changes are the keys it answers with (announced below), not known from its arguments.
  revokeCreatedBy: announces(() => []),
});

export function announcingApiKeys(
  inner: ApiKeyRepository,
  invalidation: CacheInvalidation,
): ApiKeyRepository {
  const announced = announcingWrites(inner, invalidation);
  return overrideMethods(announced, {
    revokeCreatedBy: async (userId, scope, now) => {
      const revoked = await announced.revokeCreatedBy(userId, scope, now);
      invalidation.changedHere(revoked.map((key) => apiKey(key.id)));
      return revoked;
    },
  });
}

/**
 * `findByKeyId` cached by key id, for the check of a `pk_` credential: the secret is still compared, and the
 * key's revocation and expiry still judged, on every request. A key goes with its own changes and its
 * workspace's (deleting a workspace deletes its keys).
 */
export const withCachedApiKeys = cachedLookup<ApiKeyRepository, 'findByKeyId'>(
  'findByKeyId',
  {
    api_key: (id, entries) => entries.deleteWhere((cached) => cached.id === id),
    workspace: (id, entries) => entries.deleteWhere((cached) => cached.workspaceId === id),
  },
  'api_keys',
);

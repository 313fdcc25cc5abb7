import type { ApiKeyRepository } from '../../../application/api-keys/ports/api-key-repository.ts';
import type { ApiKey } from '../../../domain/api-keys/api-key.ts';
import type { CacheInvalidation, Change } from '../../platform/caching/cache-invalidation.ts';
import { InvalidatedCache } from '../../platform/caching/invalidated-cache.ts';
import { announcingChanges, overrideMethods } from '../../platform/caching/method-overrides.ts';

const apiKey = (id: string): Change => ({ kind: 'api_key', id });

/** API keys whose every write (revocation, the use recorded once a minute) tells this instance's caches. */
export function announcingApiKeys(inner: ApiKeyRepository, invalidation: CacheInvalidation) {
  return announcingChanges(inner, invalidation, {
    revoke: (id) => [apiKey(id)],
    recordUse: (id) => [apiKey(id)],
  });
}

/**
 * `findByKeyId` cached by key id, for the check of a `pk_` credential: the secret is still compared, and the
 * key's revocation and expiry still judged, on every request. A key goes with its own changes and its
 * workspace's (deleting a workspace deletes its keys).
 */
export function withCachedApiKeys(
  inner: ApiKeyRepository,
  invalidation: CacheInvalidation,
  maxEntries: number,
): ApiKeyRepository {
  const cache = new InvalidatedCache<ApiKey>({
    invalidation,
    maxEntries,
    forget: (change, entries) => {
      if (change.kind === 'api_key') entries.deleteWhere((cached) => cached.id === change.id);
      else if (change.kind === 'workspace') entries.deleteWhere((cached) => cached.workspaceId === change.id);
    },
  });
  return overrideMethods(inner, { findByKeyId: (keyId) => cache.get(keyId, () => inner.findByKeyId(keyId)) });
}

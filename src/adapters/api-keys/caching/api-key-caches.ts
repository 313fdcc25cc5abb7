import type { ApiKeyRepository } from '../../../application/api-keys/ports/api-key-repository.ts';
import type { ApiKey } from '../../../domain/api-keys/api-key.ts';
import type { CacheInvalidation } from '../../platform/caching/cache-invalidation.ts';
import { changed } from '../../platform/caching/cached-rows.ts';
import { forgetting, InvalidatedCache } from '../../platform/caching/invalidated-cache.ts';
import {
  announces,
  announcingChanges,
  type MethodAccess,
  overrideMethods,
} from '../../platform/caching/method-overrides.ts';

const apiKey = changed('api_key');

/** Every API key method, a read or a write (revocation, the use recorded once a minute). */
const apiKeyAccess: MethodAccess<ApiKeyRepository> = {
  add: 'insert',
  findByKeyId: 'read',
  findById: 'read',
  listForWorkspace: 'read',
  revoke: announces((id) => [apiKey(id)]),
  recordUse: announces((id) => [apiKey(id)]),
};

/** API keys whose every write tells this instance's caches. */
export function announcingApiKeys(inner: ApiKeyRepository, invalidation: CacheInvalidation) {
  return announcingChanges(inner, invalidation, apiKeyAccess);
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
    forget: forgetting({
      api_key: (id, entries) => entries.deleteWhere((cached) => cached.id === id),
      workspace: (id, entries) => entries.deleteWhere((cached) => cached.workspaceId === id),
    }),
  });
  return overrideMethods(inner, { findByKeyId: (keyId) => cache.get(keyId, () => inner.findByKeyId(keyId)) });
}

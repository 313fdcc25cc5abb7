import type { IssuedApiKey } from '../../../application/api-keys/issue-api-key.ts';
import type { ApiKey } from '../../../domain/api-keys/api-key.ts';
import { apiKeyPrefix } from '../../../domain/api-keys/api-key-format.ts';

/** A key as its workspace's admins see it: never the key itself, only its public prefix. */
export function presentApiKey(key: ApiKey) {
  return {
    id: key.id,
    name: key.name,
    role: key.role,
    prefix: apiKeyPrefix(key.keyId),
    created_by: key.createdBy,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    expires_at: key.expiresAt?.toISOString() ?? null,
  };
}

/** A new key, with the key itself: this answer is the only one that carries it. */
export function presentIssuedApiKey({ apiKey, key }: IssuedApiKey) {
  return { ...presentApiKey(apiKey), key };
}

import { readApiKey } from '../../domain/api-keys/api-key-format.ts';
import { InvalidToken } from '../../domain/identity/index.ts';
import type { ApiKeyPrincipal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { ApiKeyRepository } from './ports/api-key-repository.ts';
import type { ApiKeySecrets } from './ports/api-key-secrets.ts';

export type AuthenticateApiKey = (credential: string) => Promise<ApiKeyPrincipal>;

/**
 * The caller a `pk_` bearer credential names. One answer (InvalidToken) for a malformed, unknown, wrong,
 * revoked or expired key. The stored key is read on every request, so revocation and expiry hold on the
 * next request on every instance; its `last_used_at` is written at most once a minute.
 */
export function makeAuthenticateApiKey(deps: {
  apiKeys: Pick<ApiKeyRepository, 'recordUse'>;
  /** The hot-path lookup by key id: may be a cache (revocation and expiry are still judged here). */
  cachedApiKeys: Pick<ApiKeyRepository, 'findByKeyId'>;
  apiKeySecrets: ApiKeySecrets;
  clock: Clock;
}): AuthenticateApiKey {
  // An unknown key id still costs one hash and one comparison, against this decoy: an unknown id and a wrong
  // secret take the same time, so timing tells nobody which key ids exist.
  const decoy = deps.apiKeySecrets.hash(deps.apiKeySecrets.newSecret());
  return async (credential) => {
    const parts = readApiKey(credential);
    if (!parts) throw new InvalidToken('the API key is malformed');
    const key = await deps.cachedApiKeys.findByKeyId(parts.keyId);
    const matches = deps.apiKeySecrets.matches(parts.secret, key?.secretHash ?? decoy);
    const now = deps.clock.now();
    if (!key || !matches || !key.isUsable(now)) {
      throw new InvalidToken('the API key is unknown, revoked or expired');
    }
    if (key.needsUseRecorded(now)) await deps.apiKeys.recordUse(key.id, now, key.lastUseCutoff(now));
    return {
      kind: 'api_key',
      apiKeyId: key.id,
      name: key.name,
      workspaceId: key.workspaceId,
      role: key.role,
    };
  };
}

import { Sha256ApiKeySecrets } from '../adapters/api-keys/sha256-api-key-secrets.ts';
import { makeAuthenticateApiKey } from '../application/api-keys/authenticate-api-key.ts';
import { makeCreateApiKey } from '../application/api-keys/create-api-key.ts';
import { makeIssueApiKey } from '../application/api-keys/issue-api-key.ts';
import { makeListApiKeys } from '../application/api-keys/list-api-keys.ts';
import { makeRevokeApiKey } from '../application/api-keys/revoke-api-key.ts';
import type { ApiKeysCradle } from './cradle.ts';
import { instance, type Registrations, singleton, withReplaced } from './registration.ts';

/** Workspace API keys: issuing, listing and revoking them, and authenticating `pk_` bearer credentials. */
export function apiKeys(): Registrations<keyof ApiKeysCradle> {
  return {
    apiKeySecrets: instance(Sha256ApiKeySecrets),
    authenticateApiKey: singleton((cradle) =>
      makeAuthenticateApiKey(withReplaced(cradle, { apiKeys: cradle.cachedApiKeys })),
    ),
    issueApiKey: singleton(makeIssueApiKey),
    createApiKey: singleton(makeCreateApiKey),
    listApiKeys: singleton(makeListApiKeys),
    revokeApiKey: singleton(makeRevokeApiKey),
  };
}

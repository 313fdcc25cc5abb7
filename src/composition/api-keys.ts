import { announcingApiKeys, withCachedApiKeys } from '../adapters/api-keys/caching/api-key-caches.ts';
import { apiKeyRoutes } from '../adapters/api-keys/http/api-key-routes.ts';
import { InMemoryApiKeyRepository } from '../adapters/api-keys/memory/in-memory-api-key-repository.ts';
import { PostgresApiKeyRepository } from '../adapters/api-keys/postgres/postgres-api-key-repository.ts';
import { Sha256ApiKeySecrets } from '../adapters/api-keys/sha256-api-key-secrets.ts';
import {
  type AuthenticateApiKey,
  makeAuthenticateApiKey,
} from '../application/api-keys/authenticate-api-key.ts';
import { type CreateApiKey, makeCreateApiKey } from '../application/api-keys/create-api-key.ts';
import { type IssueApiKey, makeIssueApiKey } from '../application/api-keys/issue-api-key.ts';
import { type ListApiKeys, makeListApiKeys } from '../application/api-keys/list-api-keys.ts';
import type { ApiKeyRepository } from '../application/api-keys/ports/api-key-repository.ts';
import type { ApiKeySecrets } from '../application/api-keys/ports/api-key-secrets.ts';
import { makeRevokeApiKey, type RevokeApiKey } from '../application/api-keys/revoke-api-key.ts';
import type { CreatorKeys } from '../application/kernel/ports/creator-keys.ts';
import type { Area } from './area.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';
import type { ThroughWorkspaces } from './workspaces.ts';

/** Workspace API keys: the credentials of machines, and the authentication of `pk_` bearer credentials. */
export interface ApiKeysCradle {
  apiKeys: ApiKeyRepository;
  /** The same repository, as the port identity and workspaces revoke a person's keys through. */
  creatorKeys: CreatorKeys;
  /** API keys by key id, for the check of a `pk_` credential. */
  cachedApiKeys: ApiKeyRepository;
  apiKeySecrets: ApiKeySecrets;
  authenticateApiKey: AuthenticateApiKey;
  issueApiKey: IssueApiKey;
  createApiKey: CreateApiKey;
  listApiKeys: ListApiKeys;
  revokeApiKey: RevokeApiKey;
}

export type ThroughApiKeys = ThroughWorkspaces & ApiKeysCradle;

const { singleton, instance } = registrar<ThroughApiKeys>();
const { cachedRead, announced } = adaptersFor<ThroughApiKeys>();

export const apiKeys: Area<ApiKeysCradle, ThroughApiKeys> = {
  name: 'api-keys',
  register: ({ persistence }) => ({
    creatorKeys: singleton(({ apiKeys }) => apiKeys),
    apiKeys: singleton(
      announced(persistence, PostgresApiKeyRepository, announcingApiKeys, InMemoryApiKeyRepository),
    ),
    cachedApiKeys: cachedRead(persistence, ({ apiKeys }) => apiKeys, withCachedApiKeys),
    apiKeySecrets: instance(Sha256ApiKeySecrets),
    authenticateApiKey: singleton(makeAuthenticateApiKey),
    issueApiKey: singleton(makeIssueApiKey),
    createApiKey: singleton(makeCreateApiKey),
    listApiKeys: singleton(makeListApiKeys),
    revokeApiKey: singleton(makeRevokeApiKey),
  }),
  routes: apiKeyRoutes,
};

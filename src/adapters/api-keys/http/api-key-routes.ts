import type { IssuedApiKey } from '../../../application/api-keys/issue-api-key.ts';
import type { ThroughApiKeys } from '../../../composition/api-keys.ts';
import type { ApiKey } from '../../../domain/api-keys/api-key.ts';
import type { ApiKeyRole } from '../../../domain/kernel/roles.ts';
import * as answer from '../../platform/http/answers.ts';
import { pageQuery } from '../../platform/http/pagination.ts';
import { clientIpOf } from '../../platform/http/request-state.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentApiKey, presentIssuedApiKey } from './api-key-presenters.ts';
import { apiKey, apiKeyParams, createApiKeyRequest, createdApiKey } from './api-key-schemas.ts';

/** Workspace API keys: the credentials of workers, CI and scripts, managed by the workspace's admins. */
export function apiKeyRoutes(deps: ThroughApiKeys): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.account);
  const shown: answer.View<ApiKey> = { schema: apiKey, present: presentApiKey };
  const issued: answer.View<IssuedApiKey> = {
    schema: createdApiKey,
    present: presentIssuedApiKey,
    credential: true,
  };
  return [
    bearer.post('/api/workspaces/{id}/api-keys', {
      operationId: 'createApiKey',
      summary: 'Create an API key (admins)',
      description:
        'A key for machines, acting in this workspace only with its role. The key is in this answer only: ' +
        'only a hash of its secret is kept. A key cannot create keys (403 `api_key_not_allowed`).',
      body: createApiKeyRequest,
      // 409 `quota_exceeded` past QUOTA_API_KEYS (limit `api_keys`).
      errors: [403, 409],
      ...answer.created(
        issued,
        'The new key, with `key` shown this once.',
        ({ principal, params, body }, ctx) => {
          const input = body as { name: string; role: ApiKeyRole; expires_at?: string };
          const expiresAt = input.expires_at === undefined ? null : new Date(input.expires_at);
          return deps.createApiKey(
            principal,
            params.id,
            { name: input.name, role: input.role, expiresAt },
            clientIpOf(ctx),
          );
        },
      ),
    }),
    bearer.get('/api/workspaces/{id}/api-keys', {
      operationId: 'listApiKeys',
      summary: 'The API keys of a workspace (admins)',
      description: 'Keys not revoked (expired ones included), oldest first; never the keys themselves.',
      query: pageQuery,
      errors: [403],
      ...answer.page(shown, 'One page of keys.', ({ principal, params }, page) =>
        deps.listApiKeys(principal, params.id, page),
      ),
    }),
    bearer.delete('/api/workspaces/{id}/api-keys/{key_id}', {
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key (admins)',
      description: 'The next request made with the key answers 401, on every server instance.',
      params: apiKeyParams,
      errors: [403],
      ...answer.nothing('Revoked.', ({ principal, params }, ctx) =>
        deps.revokeApiKey(principal, params.id, params.key_id, clientIpOf(ctx)),
      ),
    }),
  ];
}

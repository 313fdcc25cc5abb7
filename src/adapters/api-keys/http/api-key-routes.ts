import type { ThroughApiKeys } from '../../../composition/api-keys.ts';
import type { ApiKeyRole } from '../../../domain/api-keys/api-key.ts';
import { idParams, page } from '../../platform/http/common-schemas.ts';
import { pageRequestOf, presentPage } from '../../platform/http/pagination.ts';
import { clientIpOf } from '../../platform/http/request-state.ts';
import { created, noStore, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { pageQuery } from '../../workspaces/http/workspace-schemas.ts';
import { presentApiKey, presentIssuedApiKey } from './api-key-presenters.ts';
import { apiKey, apiKeyParams, createApiKeyRequest, createdApiKey } from './api-key-schemas.ts';

/** Workspace API keys: the credentials of workers, CI and scripts, managed by the workspace's admins. */
export function apiKeyRoutes(deps: ThroughApiKeys): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.account);
  return [
    bearer.post('/api/workspaces/{id}/api-keys', {
      operationId: 'createApiKey',
      summary: 'Create an API key (admins)',
      description:
        'A key for machines, acting in this workspace only with its role. The key is in this answer only: ' +
        'only a hash of its secret is kept. A key cannot create keys (403 `api_key_not_allowed`).',
      params: idParams,
      body: createApiKeyRequest,
      errors: [403],
      responses: { 201: { description: 'The new key, with `key` shown this once.', schema: createdApiKey } },
      handler: async (ctx, { principal, params, body }) => {
        const input = body as { name: string; role: ApiKeyRole; expires_at?: string };
        const expiresAt = input.expires_at === undefined ? null : new Date(input.expires_at);
        const issued = await deps.createApiKey(
          principal,
          params.id,
          { name: input.name, role: input.role, expiresAt },
          clientIpOf(ctx),
        );
        noStore(ctx);
        created(ctx, presentIssuedApiKey(issued));
      },
    }),
    bearer.get('/api/workspaces/{id}/api-keys', {
      operationId: 'listApiKeys',
      summary: 'The API keys of a workspace (admins)',
      description: 'Keys not revoked (expired ones included), oldest first; never the keys themselves.',
      params: idParams,
      query: pageQuery,
      errors: [403],
      responses: { 200: { description: 'One page of keys.', schema: page(apiKey) } },
      handler: async (ctx, { principal, params, query }) =>
        ok(
          ctx,
          presentPage(await deps.listApiKeys(principal, params.id, pageRequestOf(query)), presentApiKey),
        ),
    }),
    bearer.delete('/api/workspaces/{id}/api-keys/{key_id}', {
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key (admins)',
      description: 'The next request made with the key answers 401, on every server instance.',
      params: apiKeyParams,
      errors: [403],
      responses: { 204: { description: 'Revoked.' } },
      handler: async (ctx, { principal, params }) => {
        await deps.revokeApiKey(principal, params.id, params.key_id, clientIpOf(ctx));
        ctx.status = 204;
      },
    }),
  ];
}

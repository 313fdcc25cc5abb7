import type { ThroughModels } from '../../../composition/models.ts';
import type { ProviderAccount } from '../../../domain/models/provider-account.ts';
import * as answer from '../../platform/http/answers.ts';
import { pageQuery } from '../../platform/http/pagination.ts';
import { onId, onIdWith } from '../../platform/http/request-input.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import {
  createModelProviderRequest,
  modelProvider,
  presentModelProvider,
  updateModelProviderRequest,
} from './model-provider-http.ts';

export function modelProviderRoutes(deps: ThroughModels): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.workers);
  const shown: answer.View<ProviderAccount> = { schema: modelProvider, present: presentModelProvider };
  return [
    bearer.post('/api/workspaces/{id}/model-providers', {
      operationId: 'createModelProvider',
      summary: 'Add a model provider to a workspace',
      description:
        'Admins and owners. The key is sealed at rest and never answered again (the answer shows its last 4 ' +
        'characters as `api_key_hint`).',
      body: createModelProviderRequest,
      errors: [403],
      ...answer.created(
        shown,
        'The model provider.',
        onIdWith(deps.createModelProvider),
        (provider) => `/api/model-providers/${provider.id}`,
      ),
    }),
    bearer.get('/api/workspaces/{id}/model-providers', {
      operationId: 'listModelProviders',
      summary: "A workspace's model providers",
      description: 'Any member of the workspace. Never shows keys.',
      query: pageQuery,
      ...answer.page(shown, 'Oldest first.', ({ principal, params }, page) =>
        deps.listModelProviders(principal, params.id, page),
      ),
    }),
    bearer.get('/api/model-providers/{id}', {
      operationId: 'getModelProvider',
      summary: 'A model provider (without its key)',
      description: 'Any member of its workspace; another workspace answers 404.',
      ...answer.one(shown, 'The model provider.', onId(deps.getModelProvider)),
    }),
    bearer.patch('/api/model-providers/{id}', {
      operationId: 'updateModelProvider',
      summary: 'Rename a model provider, move it, or replace its key',
      description: "Admins and owners. `base_url: null` goes back to the kind's default address.",
      body: updateModelProviderRequest,
      errors: [403],
      ...answer.one(shown, 'The changed model provider.', onIdWith(deps.updateModelProvider)),
    }),
    bearer.delete('/api/model-providers/{id}', {
      operationId: 'deleteModelProvider',
      summary: 'Delete a model provider and its key',
      description: 'Admins and owners.',
      errors: [403],
      ...answer.nothing('Deleted.', onId(deps.deleteModelProvider)),
    }),
  ];
}

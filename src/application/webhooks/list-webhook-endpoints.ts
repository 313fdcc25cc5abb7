import type { WebhookEndpoint } from '../../domain/webhooks/webhook-endpoint.ts';
import { type WorkspaceList, workspaceList } from '../workspaces/index.ts';
import type { WebhookEndpointRepository } from './ports/webhook-endpoint-repository.ts';

export type ListWebhookEndpoints = WorkspaceList<WebhookEndpoint>;

/** A workspace's endpoints, oldest first, for any member (never their secrets: presenters leave them out). */
export const makeListWebhookEndpoints = workspaceList(
  'member',
  (deps: { webhookEndpoints: WebhookEndpointRepository }, workspaceId, page) =>
    deps.webhookEndpoints.list(workspaceId, page),
);

import { type AccessDeps, accessibleInWorkspace } from '../workspaces/index.ts';
import type { WebhookEndpointRepository } from './ports/webhook-endpoint-repository.ts';

export type EndpointAccessDeps = AccessDeps & { readonly webhookEndpoints: WebhookEndpointRepository };

/** The endpoint when the caller holds `minimum` in its workspace; another workspace's endpoint is NotFound. */
export const accessibleEndpoint = accessibleInWorkspace('webhook endpoint', (deps: EndpointAccessDeps, id) =>
  deps.webhookEndpoints.findById(id),
);

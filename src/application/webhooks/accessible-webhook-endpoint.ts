import type { Principal } from '../../domain/kernel/principal.ts';
import type { WebhookEndpoint } from '../../domain/webhooks/webhook-endpoint.ts';
import { WebhookEndpointNotFound } from '../../domain/webhooks/webhook-errors.ts';
import type { Role } from '../../domain/workspaces/workspace.ts';
import type { WorkspaceAccess } from '../workspaces/workspace-access.ts';
import type { WebhookEndpointRepository } from './ports/webhook-endpoint-repository.ts';

export interface EndpointAccessDeps {
  readonly webhookEndpoints: WebhookEndpointRepository;
  readonly workspaceAccess: WorkspaceAccess;
}

/** The endpoint when the caller holds `minimum` in its workspace; another workspace's endpoint is NotFound. */
export async function accessibleEndpoint(
  deps: EndpointAccessDeps,
  principal: Principal,
  endpointId: string,
  minimum: Role,
): Promise<WebhookEndpoint> {
  const endpoint = await deps.webhookEndpoints.findById(endpointId);
  if (!endpoint) throw new WebhookEndpointNotFound();
  await deps.workspaceAccess(principal, endpoint.workspaceId, minimum, 'webhook endpoint');
  return endpoint;
}

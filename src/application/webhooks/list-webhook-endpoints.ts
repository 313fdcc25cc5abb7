import type { Principal } from '../../domain/kernel/principal.ts';
import type { WebhookEndpoint } from '../../domain/webhooks/webhook-endpoint.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { WorkspaceAccess } from '../workspaces/workspace-access.ts';
import type { WebhookEndpointRepository } from './ports/webhook-endpoint-repository.ts';

export type ListWebhookEndpoints = (
  principal: Principal,
  workspaceId: string,
  page: PageRequest,
) => Promise<Page<WebhookEndpoint>>;

/** A workspace's endpoints, oldest first, for any member (never their secrets: presenters leave them out). */
export function makeListWebhookEndpoints(deps: {
  webhookEndpoints: WebhookEndpointRepository;
  workspaceAccess: WorkspaceAccess;
}): ListWebhookEndpoints {
  return async (principal, workspaceId, page) => {
    await deps.workspaceAccess(principal, workspaceId, 'member');
    return deps.webhookEndpoints.list(workspaceId, page);
  };
}

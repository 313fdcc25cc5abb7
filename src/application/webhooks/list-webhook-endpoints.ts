import type { WebhookEndpoint } from '../../domain/webhooks/webhook-endpoint.ts';
import type { Principal } from '../auth/principal.ts';
import type { Page, PageRequest } from '../ports/page.ts';
import type { WebhookEndpointRepository } from '../ports/webhook-endpoint-repository.ts';
import type { WorkspaceAccess } from '../workspaces/workspace-access.ts';

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

import type { Principal } from '../../domain/kernel/principal.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import { accessibleEndpoint, type EndpointAccessDeps } from './accessible-webhook-endpoint.ts';
import type { MessageWithAttempts, WebhookMessageRepository } from './ports/webhook-message-repository.ts';

export type ListWebhookMessages = (
  principal: Principal,
  endpointId: string,
  page: PageRequest,
) => Promise<Page<MessageWithAttempts>>;

/** Any member reads an endpoint's messages, newest first, with every attempt. */
export function makeListWebhookMessages(
  deps: EndpointAccessDeps & { webhookMessages: WebhookMessageRepository },
): ListWebhookMessages {
  return async (principal, endpointId, page) => {
    const endpoint = await accessibleEndpoint(deps, principal, endpointId, 'member');
    return deps.webhookMessages.listForEndpoint(endpoint.id, page);
  };
}

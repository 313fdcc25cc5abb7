import { WebhookMessageNotFound } from '../../domain/webhooks/webhook-errors.ts';
import type { WebhookMessage } from '../../domain/webhooks/webhook-message.ts';
import type { Principal } from '../auth/principal.ts';
import type { Clock } from '../ports/clock.ts';
import type { Page, PageRequest } from '../ports/page.ts';
import type { MessageWithAttempts, WebhookMessageRepository } from '../ports/webhook-message-repository.ts';
import type { WorkspaceAccess } from '../workspaces/workspace-access.ts';
import { accessibleEndpoint, type EndpointAccessDeps } from './accessible-webhook-endpoint.ts';

export type ListWebhookMessages = (
  principal: Principal,
  endpointId: string,
  page: PageRequest,
) => Promise<Page<MessageWithAttempts>>;

export type ResendWebhookMessage = (principal: Principal, messageId: string) => Promise<MessageWithAttempts>;

/** Any member reads an endpoint's messages, newest first, with every attempt. */
export function makeListWebhookMessages(
  deps: EndpointAccessDeps & { webhookMessages: WebhookMessageRepository },
): ListWebhookMessages {
  return async (principal, endpointId, page) => {
    const endpoint = await accessibleEndpoint(deps, principal.userId, endpointId, 'member');
    return deps.webhookMessages.listForEndpoint(endpoint.id, page);
  };
}

/** Admins and owners send a message again from the start of the retry schedule (same `webhook-id`). */
export function makeResendWebhookMessage(deps: {
  webhookMessages: WebhookMessageRepository;
  workspaceAccess: WorkspaceAccess;
  clock: Clock;
}): ResendWebhookMessage {
  return async (principal, messageId) => {
    const message: WebhookMessage | undefined = await deps.webhookMessages.findById(messageId);
    if (!message) throw new WebhookMessageNotFound();
    await deps.workspaceAccess(principal.userId, message.workspaceId, 'admin', 'webhook message');
    message.resend(deps.clock.now());
    await deps.webhookMessages.save(message);
    return { message, attempts: await deps.webhookMessages.attemptsOf(message.id) };
  };
}

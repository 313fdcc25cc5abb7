import type { Principal } from '../../domain/kernel/principal.ts';
import { WebhookMessageNotFound } from '../../domain/webhooks/webhook-errors.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { MessageWithAttempts, WebhookMessageRepository } from './ports/webhook-message-repository.ts';

export type ResendWebhookMessage = (principal: Principal, messageId: string) => Promise<MessageWithAttempts>;

/** Admins and owners send a message again from the start of the retry schedule (same `webhook-id`). */
export function makeResendWebhookMessage(deps: {
  webhookMessages: WebhookMessageRepository;
  workspaceAccess: WorkspaceAccess;
  clock: Clock;
}): ResendWebhookMessage {
  return async (principal, messageId) => {
    const message = await deps.webhookMessages.findById(messageId);
    if (!message) throw new WebhookMessageNotFound();
    await deps.workspaceAccess(principal, message.workspaceId, 'admin', 'webhook message');
    message.resend(deps.clock.now());
    await deps.webhookMessages.save(message);
    return { message, attempts: await deps.webhookMessages.attemptsOf(message.id) };
  };
}

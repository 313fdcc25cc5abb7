import type { AttemptWebhookMessage } from './attempt-webhook-message.ts';
import type { ClaimWebhookMessages } from './claim-webhook-messages.ts';
import type { OutboundWebhookSettings } from './outbound-webhook-settings.ts';

/** One round: the number of attempts made. */
export type DispatchWebhookMessages = () => Promise<number>;

/**
 * One batch, claimed and attempted together (the CLI and tests; the server's dispatcher runs a pool that
 * starts each next attempt as soon as one ends, see WebhookDispatcher).
 */
export function makeDispatchWebhookMessages(deps: {
  claimWebhookMessages: ClaimWebhookMessages;
  attemptWebhookMessage: AttemptWebhookMessage;
  outboundWebhookSettings: OutboundWebhookSettings;
}): DispatchWebhookMessages {
  return async () => {
    const leased = await deps.claimWebhookMessages(deps.outboundWebhookSettings.batchSize);
    await Promise.all(leased.map(deps.attemptWebhookMessage));
    return leased.length;
  };
}

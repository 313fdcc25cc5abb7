import { isGone } from '../../domain/webhooks/webhook-message.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { OutboundWebhookSettings } from './outbound-webhook-settings.ts';
import type { WebhookEndpointRepository } from './ports/webhook-endpoint-repository.ts';
import type { LeasedMessage, WebhookMessageRepository } from './ports/webhook-message-repository.ts';
import type { WebhookSender } from './ports/webhook-sender.ts';

/** One round of the dispatcher: the number of attempts made. */
export type DispatchWebhookMessages = () => Promise<number>;

/**
 * Leases the due messages (none is held by two dispatchers, whatever the number of instances), sends one
 * signed attempt of each after the commit that stored it, and records what came of it: delivered, retried
 * on the schedule, or failed; a 410 also disables the endpoint.
 */
export function makeDispatchWebhookMessages(deps: {
  webhookMessages: WebhookMessageRepository;
  webhookEndpoints: WebhookEndpointRepository;
  webhookSender: WebhookSender;
  outboundWebhookSettings: OutboundWebhookSettings;
  clock: Clock;
  ids: IdGenerator;
}): DispatchWebhookMessages {
  const settings = deps.outboundWebhookSettings;

  const attempt = async ({ message, lease }: LeasedMessage): Promise<void> => {
    const endpoint = await deps.webhookEndpoints.findById(message.endpointId);
    if (!endpoint?.enabled) return; // its lease runs out; claims skip disabled endpoints' messages
    const timestamp = deps.clock.now();
    const result = await deps.webhookSender.send({
      url: endpoint.url,
      webhookId: message.webhookId,
      timestamp,
      body: JSON.stringify(message.payload),
      secrets: endpoint.activeSecrets(timestamp),
    });
    const outcome = message.recordAttempt(result, settings.retryScheduleSeconds);
    const recorded = await deps.webhookMessages.recordAttempt(
      message,
      { ...result, id: deps.ids.newId(), messageId: message.id, outcome },
      lease,
    );
    if (recorded && isGone(result)) {
      endpoint.disableAsGone(deps.clock.now());
      await deps.webhookEndpoints.save(endpoint).catch(() => {}); // changed meanwhile: the change stands
    }
  };

  return async () => {
    const leased = await deps.webhookMessages.claimDue(deps.clock.now(), {
      limit: settings.batchSize,
      leaseSeconds: settings.leaseSeconds,
    });
    await Promise.all(leased.map(attempt));
    return leased.length;
  };
}

import { isGone } from '../../domain/webhooks/webhook-message.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { OutboundWebhookSettings } from './outbound-webhook-settings.ts';
import type { WebhookEndpointRepository } from './ports/webhook-endpoint-repository.ts';
import type { LeasedMessage, WebhookMessageRepository } from './ports/webhook-message-repository.ts';
import type { WebhookSender } from './ports/webhook-sender.ts';

export type AttemptWebhookMessage = (leased: LeasedMessage) => Promise<void>;

/**
 * Sends one signed attempt of a leased message and records what came of it: delivered, retried on the
 * schedule, or failed. A 410 disables the endpoint (`gone`); so does the failure that completes a run of
 * `disableAfterFailures` in a row (`failing`, audited as `endpoint.disabled`); a success ends the run.
 */
export function makeAttemptWebhookMessage(deps: {
  webhookMessages: WebhookMessageRepository;
  webhookEndpoints: WebhookEndpointRepository;
  webhookSender: WebhookSender;
  outboundWebhookSettings: OutboundWebhookSettings;
  auditLog: AuditLog;
  clock: Clock;
  ids: IdGenerator;
}): AttemptWebhookMessage {
  const settings = deps.outboundWebhookSettings;
  return async ({ message, lease }) => {
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
    if (!recorded) return;
    if (isGone(result)) {
      endpoint.disableAsGone(deps.clock.now());
      await deps.webhookEndpoints.save(endpoint).catch(() => {}); // changed meanwhile: the change stands
      return;
    }
    const disabled = await deps.webhookEndpoints.countAttempt(
      endpoint.id,
      outcome === 'succeeded',
      settings.disableAfterFailures,
      deps.clock.now(),
    );
    if (disabled) {
      await deps.auditLog.record({
        type: 'endpoint.disabled',
        details: {
          endpoint_id: endpoint.id,
          workspace_id: endpoint.workspaceId,
          reason: 'failing',
          consecutive_failures: settings.disableAfterFailures,
        },
      });
    }
  };
}

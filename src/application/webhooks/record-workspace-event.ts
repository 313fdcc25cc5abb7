import type { JsonObject } from '../../domain/kernel/json-document.ts';
import type { WebhookEventType } from '../../domain/webhooks/webhook-event-types.ts';
import { WebhookMessage } from '../../domain/webhooks/webhook-message.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { WebhookEndpointRepository } from './ports/webhook-endpoint-repository.ts';
import type { WebhookMessageRepository } from './ports/webhook-message-repository.ts';

/**
 * Records an event of a later area (`approval.requested`) in the outbox: one message `{type, timestamp, data}`
 * per enabled endpoint of the workspace subscribed to `type`, in the caller's transaction (sent after commit).
 */
export type RecordWorkspaceEvent = (
  workspaceId: string,
  type: WebhookEventType,
  data: JsonObject,
) => Promise<void>;

export function makeRecordWorkspaceEvent(deps: {
  webhookEndpoints: WebhookEndpointRepository;
  webhookMessages: WebhookMessageRepository;
  clock: Clock;
  ids: IdGenerator;
}): RecordWorkspaceEvent {
  return async (workspaceId, type, data) => {
    const endpoints = await deps.webhookEndpoints.subscribedTo(workspaceId, type);
    if (endpoints.length === 0) return;
    const now = deps.clock.now();
    const payload = { type, timestamp: now.toISOString(), data };
    await deps.webhookMessages.add(
      endpoints.map((endpoint) =>
        WebhookMessage.create({
          id: deps.ids.newId(),
          endpointId: endpoint.id,
          workspaceId,
          eventType: type,
          payload,
          createdAt: now,
        }),
      ),
    );
  };
}

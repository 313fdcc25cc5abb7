import { WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.ts';
import { type DeliveryAttempt, WebhookMessage } from '../../../domain/webhooks/webhook-message.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { workspaceTables } from '../../workspaces/index.ts';

/** An outbox row: the message and the dispatcher lease on it (the columns `lease_token`, `leased_until`). */
export interface WebhookMessageRow {
  readonly message: WebhookMessage;
  readonly lease: string | null;
  readonly leasedUntil: Date | null;
}

/**
 * The webhooks area's in-memory tables; an endpoint goes with its workspace, messages with their endpoint,
 * attempts with their message.
 */
export const webhookTables = inMemoryTables((store) => {
  const webhookEndpoints = store.byId((e: WebhookEndpoint) => new WebhookEndpoint(e));
  webhookEndpoints.cascadeFrom(workspaceTables(store).workspaces, (e) => e.workspaceId);
  const webhookMessages = store.table(
    (row: WebhookMessageRow) => row.message.id,
    (row) => ({ ...row, message: new WebhookMessage(row.message) }),
  );
  webhookMessages.cascadeFrom(webhookEndpoints, (row) => row.message.endpointId);
  const webhookAttempts = store.byId((a: DeliveryAttempt) => ({ ...a }));
  webhookAttempts.cascadeFrom(webhookMessages, (a) => a.messageId);
  return { webhookEndpoints, webhookMessages, webhookAttempts };
});

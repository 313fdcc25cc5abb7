import type { JsonObject } from '../../../domain/kernel/json-document.ts';
import type { WebhookEventType } from '../../../domain/webhooks/webhook-event-types.ts';
import { type MessageStatus, WebhookMessage } from '../../../domain/webhooks/webhook-message.ts';

// An outbox message as a `webhook_messages` row, and the columns of its attempts (`webhook_attempts`).

export interface MessageRow {
  readonly id: string;
  readonly endpoint_id: string;
  readonly workspace_id: string;
  readonly event_type: WebhookEventType;
  readonly payload: JsonObject;
  readonly status: MessageStatus;
  readonly failed_attempts: number;
  readonly next_attempt_at: Date | string | null;
  readonly created_at: Date | string;
}

export const MESSAGE_COLUMNS =
  'id, endpoint_id, workspace_id, event_type, payload, status, failed_attempts, next_attempt_at, created_at';
export const ATTEMPT_COLUMNS = 'id, message_id, attempted_at, duration_ms, response_status, error, outcome';

export function toMessage(row: MessageRow): WebhookMessage {
  return new WebhookMessage({
    id: row.id,
    endpointId: row.endpoint_id,
    workspaceId: row.workspace_id,
    eventType: row.event_type,
    payload: row.payload,
    status: row.status,
    failedAttempts: row.failed_attempts,
    nextAttemptAt: row.next_attempt_at === null ? null : new Date(row.next_attempt_at),
    createdAt: new Date(row.created_at),
  });
}

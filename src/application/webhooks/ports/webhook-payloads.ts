import type { JsonObject } from '../../../domain/kernel/json-document.ts';
import type { Run } from '../../../domain/runs/index.ts';
import type { WebhookEventType } from '../../../domain/webhooks/webhook-event-types.ts';

/** How an outbound message shows what happened: the representation the API itself gives. */
export interface WebhookPayloads {
  /** `{type, timestamp, data: {run}}`, the run as `GET /api/runs/{id}` shows it at `at`. */
  runEvent(type: WebhookEventType, run: Run, at: Date): JsonObject;
}

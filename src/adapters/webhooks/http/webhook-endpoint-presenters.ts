import type { MessageWithAttempts } from '../../../application/webhooks/ports/webhook-message-repository.ts';
import type { WebhookPayloads } from '../../../application/webhooks/ports/webhook-payloads.ts';
import type { WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.ts';
import { presentRun } from '../../runs/index.ts';

/** An endpoint as the API shows it: never its secrets (see {@link presentEndpointWithSecret}). */
export function presentEndpoint(e: WebhookEndpoint) {
  return {
    id: e.id,
    workspace_id: e.workspaceId,
    url: e.url,
    description: e.description,
    event_types: e.eventTypes,
    enabled: e.enabled,
    disabled_reason: e.disabledReason,
    previous_secret_expires_at: e.previousSecretExpiresAt?.toISOString() ?? null,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

/** Only the creation and rotation answers show the signing secret: it is never readable again. */
export function presentEndpointWithSecret(e: WebhookEndpoint) {
  return { ...presentEndpoint(e), signing_secret: e.signingSecret };
}

export function presentMessage({ message, attempts }: MessageWithAttempts) {
  return {
    id: message.id,
    webhook_id: message.webhookId,
    endpoint_id: message.endpointId,
    event_type: message.eventType,
    status: message.status,
    next_attempt_at: message.nextAttemptAt?.toISOString() ?? null,
    created_at: message.createdAt.toISOString(),
    payload: message.payload,
    attempts: attempts.map((a) => ({
      id: a.id,
      attempted_at: a.attemptedAt.toISOString(),
      duration_ms: a.durationMs,
      response_status: a.responseStatus,
      outcome: a.outcome,
      error: a.error,
    })),
  };
}

/** Outbound message bodies: `{type, timestamp, data: {run}}`, the run exactly as the API presents it. */
export const apiWebhookPayloads: WebhookPayloads = {
  runEvent: (type, run, at) => ({ type, timestamp: at.toISOString(), data: { run: presentRun(run) } }),
};

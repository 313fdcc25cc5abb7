import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import { type DisabledReason, WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.ts';
import type { WebhookEventType } from '../../../domain/webhooks/webhook-event-types.ts';
import { openRotatingSecret, sealRotatingSecret } from '../../platform/postgres/sealed-rotating-secret.ts';

// An outbound endpoint as a `webhook_endpoints` row, its secrets sealed (see endpointSecretContext).

export interface EndpointRow {
  readonly id: string;
  readonly workspace_id: string;
  readonly url: string;
  readonly description: string | null;
  readonly event_types: WebhookEventType[];
  readonly enabled: boolean;
  readonly disabled_reason: DisabledReason | null;
  readonly signing_secret_sealed: string;
  readonly previous_secret_sealed: string | null;
  readonly previous_secret_expires_at: Date | string | null;
  readonly version: number;
  readonly created_at: Date | string;
  readonly updated_at: Date | string;
}

export const ENDPOINT_COLUMNS = `id, workspace_id, url, description, event_types, enabled, disabled_reason, signing_secret_sealed,
  previous_secret_sealed, previous_secret_expires_at, version, created_at, updated_at`;

/** The associated data an endpoint's secrets are sealed with. */
export function endpointSecretContext(endpointId: string): string {
  return `webhook-endpoint-secret:${endpointId}`;
}

/** The sealed columns of `endpoint`'s secrets: current, previous and the previous one's expiry. */
export function sealedSecrets(
  box: SecretBox,
  endpoint: WebhookEndpoint,
): [string, string | null, Date | null] {
  return sealRotatingSecret(box, endpointSecretContext(endpoint.id), endpoint);
}

export function toEndpoint(box: SecretBox, row: EndpointRow): WebhookEndpoint {
  const context = endpointSecretContext(row.id);
  return new WebhookEndpoint({
    id: row.id,
    workspaceId: row.workspace_id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    ...openRotatingSecret(box, context, row),
    version: row.version,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });
}

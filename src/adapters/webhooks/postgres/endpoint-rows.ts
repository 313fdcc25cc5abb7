import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import { type DisabledReason, WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.ts';
import type { WebhookEventType } from '../../../domain/webhooks/webhook-event-types.ts';
import { rowSecrets } from '../../platform/postgres/sealed-rotating-secret.ts';

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

/** A WebhookEndpoint's secrets, sealed with associated data naming its row: a sealed secret opens only there. */
const secrets = rowSecrets('webhook-endpoint-secret');
export const { context: endpointSecretContext, seal: sealedSecrets } = secrets;

export function toEndpoint(box: SecretBox, row: EndpointRow): WebhookEndpoint {
  return new WebhookEndpoint({
    id: row.id,
    workspaceId: row.workspace_id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    ...secrets.open(box, row),
  });
}

import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type { TriggerSignatureScheme } from '../../../domain/triggers/signature-schemes.ts';
import { Trigger } from '../../../domain/triggers/trigger.ts';
import { rowSecrets } from '../../platform/postgres/sealed-rotating-secret.ts';

// A trigger as a `triggers` row, its secrets sealed (see webhookSecretContext).

export interface TriggerRow {
  readonly id: string;
  readonly workspace_id: string;
  readonly mission_id: string;
  readonly name: string;
  readonly enabled: boolean;
  readonly webhook_path: string;
  readonly max_body_bytes: number;
  readonly signature_scheme: TriggerSignatureScheme;
  readonly require_timestamp: boolean;
  readonly require_idempotency_key: boolean;
  readonly signing_secret_sealed: string;
  readonly previous_secret_sealed: string | null;
  readonly previous_secret_expires_at: string | null;
  readonly version: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export const TRIGGER_COLUMNS = `id, workspace_id, mission_id, name, enabled, webhook_path, max_body_bytes, signature_scheme,
  require_timestamp, require_idempotency_key, signing_secret_sealed, previous_secret_sealed,
  previous_secret_expires_at, version, created_at, updated_at`;

/** A Trigger's secrets, sealed with associated data naming its row: a sealed secret opens only there. */
const secrets = rowSecrets('webhook-secret');
export const { context: webhookSecretContext, seal: sealedSecrets } = secrets;

export function toTrigger(box: SecretBox, row: TriggerRow): Trigger {
  return new Trigger({
    id: row.id,
    workspaceId: row.workspace_id,
    missionId: row.mission_id,
    name: row.name,
    enabled: row.enabled,
    webhookPath: row.webhook_path,
    maxBodyBytes: row.max_body_bytes,
    signatureScheme: row.signature_scheme,
    requireTimestamp: row.require_timestamp,
    requireIdempotencyKey: row.require_idempotency_key,
    ...secrets.open(box, row),
  });
}

import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type { TriggerSignatureScheme } from '../../../domain/triggers/signature-schemes.ts';
import { Trigger } from '../../../domain/triggers/trigger.ts';
import { openRotatingSecret, sealRotatingSecret } from '../../platform/postgres/sealed-rotating-secret.ts';

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

/** The associated data a trigger's secrets are sealed with: a sealed secret opens only on its own row. */
export function webhookSecretContext(triggerId: string): string {
  return `webhook-secret:${triggerId}`;
}

/** The sealed columns of `trigger`'s secrets: current, previous and the previous one's expiry. */
export function sealedSecrets(box: SecretBox, trigger: Trigger): [string, string | null, Date | null] {
  return sealRotatingSecret(box, webhookSecretContext(trigger.id), trigger);
}

export function toTrigger(box: SecretBox, row: TriggerRow): Trigger {
  const context = webhookSecretContext(row.id);
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
    ...openRotatingSecret(box, context, row),
    version: row.version,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });
}

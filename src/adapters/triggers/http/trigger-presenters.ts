import type { DeliveryReceipt } from '../../../application/triggers/receive-delivery.ts';
import type { Run } from '../../../domain/runs/index.ts';
import { decodeBody } from '../../../domain/runs/index.ts';
import type { Delivery, DeliverySummary } from '../../../domain/triggers/delivery.ts';
import type { Trigger } from '../../../domain/triggers/trigger.ts';

/** A trigger as the API shows it: never its secrets (see {@link presentTriggerWithSecret}). */
export function presentTrigger(t: Trigger, publicUrl: string) {
  return {
    id: t.id,
    workspace_id: t.workspaceId,
    mission_id: t.missionId,
    name: t.name,
    enabled: t.enabled,
    webhook_path: t.webhookPath,
    webhook_url: `${publicUrl}/api/triggers/webhook/${t.webhookPath}`,
    max_body_bytes: t.maxBodyBytes,
    signature_scheme: t.signatureScheme,
    require_timestamp: t.requireTimestamp,
    require_idempotency_key: t.requireIdempotencyKey,
    previous_secret_expires_at: t.previousSecretExpiresAt?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

/** Only the creation and rotation answers show the signing secret: it is never readable again. */
export function presentTriggerWithSecret(t: Trigger, publicUrl: string) {
  return { ...presentTrigger(t, publicUrl), signing_secret: t.signingSecret };
}

/** A delivery log entry: metadata only, never the body or the presented signature. */
export function presentDeliverySummary(d: DeliverySummary) {
  return {
    id: d.id,
    trigger_id: d.triggerId,
    status: d.status,
    reason: d.reason,
    received_at: d.receivedAt.toISOString(),
    source_ip: d.sourceIp,
    size_bytes: d.sizeBytes,
    content_type: d.contentType,
    signature_scheme: d.signatureScheme,
    idempotency_key: d.idempotencyKey,
    duplicate_of: d.duplicateOf,
    run_id: d.runId,
    body_purged_at: d.bodyPurgedAt?.toISOString() ?? null,
  };
}

/** A delivery with what it carried, the body both as the run sees it and as the exact bytes. */
export function presentDelivery(d: Delivery) {
  return {
    ...presentDeliverySummary(d),
    request_headers: d.headers,
    query: d.query,
    body: decodeBody(d.body, d.contentType),
    raw_body_base64: d.body === null ? null : Buffer.from(d.body).toString('base64'),
  };
}

export function presentReceipt(receipt: DeliveryReceipt) {
  return { delivery_id: receipt.deliveryId, run_id: receipt.runId, status: receipt.status };
}

/** The answer of a replay: the delivery and the new run started from it. */
export function presentReplay(run: Run) {
  return { delivery_id: run.deliveryId, run_id: run.id };
}

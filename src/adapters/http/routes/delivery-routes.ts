import type { GetDelivery } from '../../../application/deliveries/get-delivery.ts';
import type { ListDeliveries } from '../../../application/deliveries/list-deliveries.ts';
import type { ReplayDelivery } from '../../../application/deliveries/replay-delivery.ts';
import type { Delivery, DeliveryStatus, DeliverySummary } from '../../../domain/triggers/delivery.ts';
import { decodeBody } from '../../../domain/triggers/webhook-run-input.ts';
import { pageRequestOf, presentPage } from '../pagination.ts';
import { principalOf } from '../request-state.ts';
import type { RouteSpec } from '../route.ts';
import { idParams, page } from '../schemas/common.ts';
import { delivery, deliverySummary, listDeliveriesQuery, replayResponse } from '../schemas/triggers.ts';
import { triggerTags } from './trigger-routes.ts';

export interface DeliveryRouteDeps {
  listDeliveries: ListDeliveries;
  getDelivery: GetDelivery;
  replayDelivery: ReplayDelivery;
}

function presentSummary(d: DeliverySummary) {
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

function presentDelivery(d: Delivery) {
  return {
    ...presentSummary(d),
    request_headers: d.headers,
    query: d.query,
    body: decodeBody(d.body, d.contentType),
    raw_body_base64: d.body === null ? null : Buffer.from(d.body).toString('base64'),
  };
}

export function deliveryRoutes(deps: DeliveryRouteDeps): RouteSpec[] {
  const tags = triggerTags;
  return [
    {
      method: 'GET',
      path: '/api/triggers/{id}/deliveries',
      operationId: 'listTriggerDeliveries',
      summary: "A trigger's delivery log",
      description:
        'Accepted, duplicate and rejected deliveries, newest first. Rejections keep only metadata (time, reason, ' +
        'size, source address): never the body or the presented signature.',
      tags,
      security: 'bearer',
      params: idParams,
      query: listDeliveriesQuery,
      responses: { 200: { description: 'Newest first.', schema: page(deliverySummary) } },
      handler: async (ctx, { params, query }) => {
        const result = await deps.listDeliveries(
          principalOf(ctx),
          params.id as string,
          { status: query.status as DeliveryStatus | undefined },
          pageRequestOf(query),
        );
        ctx.body = presentPage(result, presentSummary);
      },
    },
    {
      method: 'GET',
      path: '/api/deliveries/{id}',
      operationId: 'getDelivery',
      summary: 'A webhook delivery, with its raw body while retained',
      description:
        'Any member of the workspace. Accepted deliveries carry their kept headers, query and body (as the run ' +
        'sees it, and the exact bytes in base64) until the retention period purges the body.',
      tags,
      security: 'bearer',
      params: idParams,
      responses: { 200: { description: 'The delivery.', schema: delivery } },
      handler: async (ctx, { params }) => {
        ctx.body = presentDelivery(await deps.getDelivery(principalOf(ctx), params.id as string));
      },
    },
    {
      method: 'POST',
      path: '/api/deliveries/{id}/replay',
      operationId: 'replayDelivery',
      summary: 'Start a new run from a stored delivery',
      description:
        'Admins and owners. Only accepted deliveries whose body is still retained (409 otherwise). The new run ' +
        'refers to the same delivery, so its input is built from the same bytes.',
      tags,
      security: 'bearer',
      params: idParams,
      errors: [403, 409],
      responses: { 201: { description: 'The new queued run.', schema: replayResponse } },
      handler: async (ctx, { params }) => {
        const run = await deps.replayDelivery(principalOf(ctx), params.id as string);
        ctx.status = 201;
        ctx.set('Location', `/api/runs/${run.id}`);
        ctx.body = { delivery_id: run.deliveryId, run_id: run.id };
      },
    },
  ];
}

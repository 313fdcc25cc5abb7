import type { ThroughTriggers } from '../../../composition/triggers.ts';
import { idParams, page } from '../../platform/http/common-schemas.ts';
import { pageRequestOf, presentPage } from '../../platform/http/pagination.ts';
import { listFilterOf } from '../../platform/http/request-input.ts';
import { created, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { runUrl } from '../../runs/http/run-presenters.ts';
import { presentDelivery, presentDeliverySummary, presentReplay } from './trigger-presenters.ts';
import { delivery, deliverySummary, listDeliveriesQuery, replayResponse } from './trigger-schemas.ts';

export function deliveryRoutes(deps: ThroughTriggers): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.integrations);
  return [
    bearer.get('/api/triggers/{id}/deliveries', {
      operationId: 'listTriggerDeliveries',
      summary: "A trigger's delivery log",
      description:
        'Accepted, duplicate and rejected deliveries, newest first. Rejections keep only metadata (time, reason, ' +
        'size, source address): never the body or the presented signature.',
      params: idParams,
      query: listDeliveriesQuery,
      responses: { 200: { description: 'Newest first.', schema: page(deliverySummary) } },
      handler: async (ctx, { principal, params, query }) => {
        const deliveries = await deps.listDeliveries(
          principal,
          params.id,
          listFilterOf(query),
          pageRequestOf(query),
        );
        ok(ctx, presentPage(deliveries, presentDeliverySummary));
      },
    }),
    bearer.get('/api/deliveries/{id}', {
      operationId: 'getDelivery',
      summary: 'A webhook delivery, with its raw body while retained',
      description:
        'Any member of the workspace. Accepted deliveries carry their kept headers, query and body (as the run ' +
        'sees it, and the exact bytes in base64) until the retention period purges the body.',
      params: idParams,
      responses: { 200: { description: 'The delivery.', schema: delivery } },
      handler: async (ctx, { principal, params }) =>
        ok(ctx, presentDelivery(await deps.getDelivery(principal, params.id))),
    }),
    bearer.post('/api/deliveries/{id}/replay', {
      operationId: 'replayDelivery',
      summary: 'Start a new run from a stored delivery',
      description:
        'Admins and owners. Only accepted deliveries whose body is still retained (409 otherwise). The new run ' +
        'refers to the same delivery, so its input is built from the same bytes.',
      params: idParams,
      errors: [403, 409],
      responses: { 201: { description: 'The new queued run.', schema: replayResponse } },
      handler: async (ctx, { principal, params }) => {
        const run = await deps.replayDelivery(principal, params.id);
        created(ctx, presentReplay(run), runUrl(run));
      },
    }),
  ];
}

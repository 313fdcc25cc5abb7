import type { ThroughTriggers } from '../../../composition/triggers.ts';
import * as answer from '../../platform/http/answers.ts';
import { listFilterOf, onId } from '../../platform/http/request-input.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { runUrl } from '../../runs/index.ts';
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
      query: listDeliveriesQuery,
      ...answer.page(
        { schema: deliverySummary, present: presentDeliverySummary },
        'Newest first.',
        ({ principal, params, query }, page) =>
          deps.listDeliveries(principal, params.id, listFilterOf(query), page),
      ),
    }),
    bearer.get('/api/deliveries/{id}', {
      operationId: 'getDelivery',
      summary: 'A webhook delivery, with its raw body while retained',
      description:
        'Any member of the workspace. Accepted deliveries carry their kept headers, query and body (as the run ' +
        'sees it, and the exact bytes in base64) until the retention period purges the body.',
      ...answer.one({ schema: delivery, present: presentDelivery }, 'The delivery.', onId(deps.getDelivery)),
    }),
    bearer.post('/api/deliveries/{id}/replay', {
      operationId: 'replayDelivery',
      summary: 'Start a new run from a stored delivery',
      description:
        'Admins and owners. Only accepted deliveries whose body is still retained (409 otherwise). The new run ' +
        'refers to the same delivery, so its input is built from the same bytes.',
      errors: [403, 409],
      ...answer.created(
        { schema: replayResponse, present: presentReplay },
        'The new queued run.',
        onId(deps.replayDelivery),
        runUrl,
      ),
    }),
  ];
}

import type { Context } from 'koa';
import type { IncomingDelivery } from '../../../application/triggers/receive-delivery.ts';
import type { QueryValues } from '../../../domain/runs/index.ts';
import { clientIpOf } from '../../platform/http/request-state.ts';
import type { RouteInput } from '../../platform/http/route.ts';
import { readRawBody } from './raw-body.ts';
import { keptHeaders } from './webhook-headers.ts';

const joined = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value;

/** A webhook request as `receiveDelivery` takes it: the body stays unread until the trigger's limit is known. */
export function incomingDelivery(
  ctx: Context,
  { params, query }: RouteInput,
  traceparent: string | null,
): IncomingDelivery {
  const headers = ctx.req.headers;
  const declared = headers['content-length'];
  return {
    webhookPath: params.webhook_path as string,
    requestHeaders: (name) => joined(headers[name]),
    readBody: (limitBytes) => readRawBody(ctx, limitBytes),
    declaredBytes: declared === undefined ? undefined : Number(declared),
    contentType: headers['content-type'] ?? null,
    headers: keptHeaders(headers),
    query: query as QueryValues,
    idempotencyKey: joined(headers['idempotency-key']),
    deliveryIdHeader: joined(headers['x-delivery-id']),
    sourceIp: clientIpOf(ctx),
    traceparent,
  };
}

import type { IncomingHttpHeaders } from 'node:http';
import type { Context } from 'koa';
import type { IncomingDelivery } from '../../application/triggers/receive-delivery.ts';
import type { QueryValues } from '../../domain/triggers/delivery.ts';
import { readRawBody } from './raw-body.ts';
import { clientIpOf } from './request-state.ts';
import type { RouteInput } from './route.ts';

const MAX_HEADERS = 64;
const MAX_VALUE_LENGTH = 2048;
/** Kept besides every `x-*` header: what tells a mission what it received. */
const KEPT = new Set(['content-type', 'user-agent', 'idempotency-key']);
/**
 * Never kept, so that neither the delivery log nor a run's input holds a credential or a presented
 * signature: the sender's (`X-Signature`, `X-Hub-Signature-256`, ...) or anyone's tokens and keys.
 */
const SENSITIVE = /signature|secret|token|passw|auth|cookie|session|key|credential|forwarded|real-ip/i;

/** The headers stored with an accepted delivery and shown to its run, names in lower case. */
function keptHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (count >= MAX_HEADERS || value === undefined) continue;
    const wanted = KEPT.has(name) || (name.startsWith('x-') && !SENSITIVE.test(name));
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (!wanted || text.length > MAX_VALUE_LENGTH) continue;
    kept[name] = text;
    count++;
  }
  return kept;
}

const joined = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value;

/** A webhook request as `receiveDelivery` takes it: the body stays unread until the trigger's limit is known. */
export function incomingDelivery(ctx: Context, { params, query }: RouteInput): IncomingDelivery {
  const headers = ctx.req.headers;
  const declared = headers['content-length'];
  return {
    webhookPath: params.webhook_path as string,
    signature: joined(headers['x-signature']),
    readBody: (limitBytes) => readRawBody(ctx, limitBytes),
    declaredBytes: declared === undefined ? undefined : Number(declared),
    contentType: headers['content-type'] ?? null,
    headers: keptHeaders(headers),
    query: query as QueryValues,
    idempotencyKey: joined(headers['idempotency-key']),
    deliveryIdHeader: joined(headers['x-delivery-id']),
    sourceIp: clientIpOf(ctx),
  };
}

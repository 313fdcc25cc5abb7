import type { Context, Next } from 'koa';
import { RateLimited } from '../../../domain/kernel/errors.ts';
import { FixedWindowCounter, type WindowCount } from '../throttling/fixed-window-counter.ts';
import { WEBHOOK_PREFIX } from './access-log.ts';
import { clientIpOf } from './request-state.ts';

/**
 * A per-client ceiling on every `/api/*` request (beside the tighter login, refresh and webhook limits), with
 * the IETF draft `RateLimit-Policy` and `RateLimit` headers on each answer. Kept in process memory: a shared
 * store would add a round trip to every request, and each instance enforcing its share is enough for a ceiling.
 * Counted synchronously (no promise per request).
 */
export function apiRateLimit(perMinute: number) {
  const counter = new FixedWindowCounter(perMinute, 60_000);
  const policy = `"default";q=${perMinute};w=60`;
  return function limitApi(ctx: Context, next: Next): Promise<void> {
    const path = ctx.path;
    // Webhook ingest has its own per-trigger budget; one busy sender must not be cut off by this ceiling.
    if (!path.startsWith('/api/') || path.startsWith(WEBHOOK_PREFIX)) return next();
    const count = counter.take(clientIpOf(ctx));
    setHeaders(ctx, policy, count);
    if (!count.allowed) throw new RateLimited(count.msBeforeNext / 1000);
    return next();
  };
}

function setHeaders(ctx: Context, policy: string, count: WindowCount): void {
  ctx.set('RateLimit-Policy', policy);
  ctx.set('RateLimit', `"default";r=${count.remaining};t=${Math.ceil(count.msBeforeNext / 1000)}`);
}

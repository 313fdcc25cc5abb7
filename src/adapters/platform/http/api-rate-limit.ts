import type { Context, Next } from 'koa';
import { RateLimited } from '../../../domain/kernel/errors.ts';
import { RateLimiterMemory, RateLimiterRes } from '../throttling/rate-limiter-classes.ts';
import { WEBHOOK_PREFIX } from './access-log.ts';
import { clientIpOf } from './request-state.ts';

/**
 * A per-client ceiling on every `/api/*` request (beside the tighter login, refresh and webhook limits), with
 * the IETF draft `RateLimit-Policy` and `RateLimit` headers on each answer. Kept in process memory: a shared
 * store would add a round trip to every request, and each instance enforcing its share is enough for a ceiling.
 */
export function apiRateLimit(perMinute: number) {
  const limiter = new RateLimiterMemory({ points: perMinute, duration: 60, keyPrefix: 'api' });
  const policy = `"default";q=${perMinute};w=60`;
  return async function limitApi(ctx: Context, next: Next): Promise<void> {
    // Webhook ingest has its own per-trigger budget; one busy sender must not be cut off by this ceiling.
    if (!ctx.path.startsWith('/api/') || ctx.path.startsWith(WEBHOOK_PREFIX)) return next();
    let result: RateLimiterRes;
    try {
      result = await limiter.consume(clientIpOf(ctx));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      setHeaders(ctx, policy, rejection);
      throw new RateLimited(rejection.msBeforeNext / 1000);
    }
    setHeaders(ctx, policy, result);
    await next();
  };
}

function setHeaders(ctx: Context, policy: string, result: RateLimiterRes): void {
  ctx.set('RateLimit-Policy', policy);
  ctx.set('RateLimit', `"default";r=${result.remainingPoints};t=${Math.ceil(result.msBeforeNext / 1000)}`);
}

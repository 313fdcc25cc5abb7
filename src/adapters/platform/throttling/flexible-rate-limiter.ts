import type { RateLimiter } from '../../../application/kernel/ports/rate-limiter.ts';
import { RateLimited } from '../../../domain/kernel/errors.ts';
import { type RateLimiterAbstract, RateLimiterRes } from './rate-limiter-classes.ts';
import type { LimiterOptions, RateLimiterFactory } from './rate-limiter-store.ts';

/**
 * The RateLimiter port on a rate-limiter-flexible limiter: `points` actions per key and `duration`
 * seconds, in the `keyPrefix` namespace of the factory's store. The whole budget may be spent in a burst;
 * it refills at once when the key's window ends (a fixed window, so up to twice the budget can pass
 * across a window boundary).
 */
export class FlexibleRateLimiter implements RateLimiter {
  readonly #limiter: RateLimiterAbstract;

  constructor(createLimiter: RateLimiterFactory, options: LimiterOptions) {
    this.#limiter = createLimiter(options);
  }

  async consume(key: string): Promise<void> {
    try {
      await this.#limiter.consume(key);
    } catch (error) {
      // rate-limiter-flexible rejects with its result object when the budget is spent.
      if (error instanceof RateLimiterRes) throw new RateLimited(error.msBeforeNext / 1000);
      throw error;
    }
  }
}

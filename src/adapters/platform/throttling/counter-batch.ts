import { type RateLimiterAbstract, RateLimiterRes } from './rate-limiter-classes.ts';

/** One operation on one counter of a limiter, as the limiter's own method of that name does it. */
export type CounterOp =
  /** Spends a point; answers the count even past the budget (deciding is the caller's). */
  | { readonly op: 'consume'; readonly limiter: RateLimiterAbstract; readonly key: string }
  /** Answers the count, or null for a key that is not there (or expired). */
  | { readonly op: 'get'; readonly limiter: RateLimiterAbstract; readonly key: string }
  /** Forgets the key; answers null. */
  | { readonly op: 'delete'; readonly limiter: RateLimiterAbstract; readonly key: string }
  /** Sets the count to `points` for `seconds` from now, whatever it was. */
  | {
      readonly op: 'set';
      readonly limiter: RateLimiterAbstract;
      readonly key: string;
      readonly points: number;
      readonly seconds: number;
    };

/**
 * Several counter operations of one request at once, answered in order, on keys that are all different. A shared
 * store may do them in one round trip (on PostgreSQL one statement); each is the limiter's own operation, with
 * its fallback to memory when the store fails.
 */
export type CounterBatch = (ops: readonly CounterOp[]) => Promise<Array<RateLimiterRes | null>>;

/** The batch as separate calls of each limiter, all at once: the memory and Redis stores. */
export const counterOpsOneByOne: CounterBatch = (ops) => Promise.all(ops.map(runOne));

async function runOne(op: CounterOp): Promise<RateLimiterRes | null> {
  switch (op.op) {
    case 'consume':
      try {
        return await op.limiter.consume(op.key);
      } catch (error) {
        // rate-limiter-flexible rejects with its result object when the budget is spent.
        if (error instanceof RateLimiterRes) return error;
        throw error;
      }
    case 'get':
      return op.limiter.get(op.key);
    case 'delete':
      await op.limiter.delete(op.key);
      return null;
    case 'set':
      return op.limiter.set(op.key, op.points, op.seconds);
  }
}

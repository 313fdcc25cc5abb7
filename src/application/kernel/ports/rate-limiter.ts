/**
 * A fixed budget of actions per key and time window (for example deliveries per webhook trigger). Each
 * implementation is configured with its own budget and key namespace.
 */
export interface RateLimiter {
  /** Spends one action for `key`; throws RateLimited (with the seconds until the budget refills) when none is left. */
  consume(key: string): Promise<void>;
}

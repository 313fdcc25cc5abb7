import { createHmac } from 'node:crypto';
import type { RateLimiter } from '../../../application/kernel/ports/rate-limiter.ts';

/**
 * A RateLimiter whose store sees an HMAC of each key, never the key: a budget per e-mail address leaves no
 * address in the rate-limit table (nor in Redis), and the secret keeps the stored keys from being guessed.
 */
export class KeyedRateLimiter implements RateLimiter {
  readonly #inner: RateLimiter;
  readonly #secret: Uint8Array;

  constructor(inner: RateLimiter, secret: Uint8Array) {
    this.#inner = inner;
    this.#secret = secret;
  }

  consume(key: string): Promise<void> {
    return this.#inner.consume(createHmac('sha256', this.#secret).update(key, 'utf8').digest('base64url'));
  }
}

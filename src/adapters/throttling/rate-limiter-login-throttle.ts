import { createHash, createHmac } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LoginThrottle } from '../../application/ports/login-throttle.ts';
import { RateLimited } from '../../domain/errors.ts';
import { FlexibleRateLimiter } from './flexible-rate-limiter.ts';
import type { RateLimiterFactory } from './rate-limiter-store.ts';

/** A per-address budget: `points` attempts per `durationSeconds`. */
export interface AddressBudget {
  readonly points: number;
  readonly durationSeconds: number;
}

/** Every limit of {@link RateLimiterLoginThrottle}; each has a production default. */
export interface LoginThrottleOptions {
  /** Login attempts per client address (default 20 per 60 s). */
  readonly loginPerAddress?: AddressBudget;
  /** Token refreshes per client address (default 60 per 60 s). */
  readonly refreshPerAddress?: AddressBudget;
  /** Consecutive failed logins an account absorbs before it backs off (default 5). */
  readonly accountFailuresBeforeBackOff?: number;
  /** The first back-off, in seconds; each further failure doubles it (default 1). */
  readonly accountBackOffSeconds?: number;
  /** The longest back-off, in seconds (default 900, 15 minutes). */
  readonly accountMaxBackOffSeconds?: number;
  /** A failure count with no success is forgotten this many seconds after its first failure (default 1 day). */
  readonly accountFailureMemorySeconds?: number;
  /**
   * Key for an HMAC of the login string. Without it the account key is a plain SHA-256, which keeps e-mail
   * addresses out of the store but can be matched against a list of known addresses.
   */
  readonly accountKeySecret?: string | Uint8Array;
}

/**
 * The LoginThrottle on rate-limiter-flexible, on whichever store the factory was made for.
 *
 * - Per client address: a budget of login attempts (`login_ip:<address>`) and a separate one of refreshes
 *   (`refresh_ip:<address>`). Each is a fixed window that may be spent in one burst and refills when it ends.
 * - Per account (`login_acct:<hash>` counts failures, `login_acct_lock:<hash>` holds the back-off): after
 *   5 consecutive failures the account is refused for 1 s, then 2, 4, ... s per further failure, capped at
 *   15 minutes, never locked for good. A success clears both. Failures are not counted while refused,
 *   because the caller checks first. The account string is hashed: no login name or e-mail is stored.
 *
 * Throttled calls throw RateLimited with the seconds until a retry can pass.
 */
export class RateLimiterLoginThrottle implements LoginThrottle {
  readonly #loginPerAddress: FlexibleRateLimiter;
  readonly #refreshPerAddress: FlexibleRateLimiter;
  readonly #accountFailures: RateLimiterAbstract;
  readonly #accountLock: RateLimiterAbstract;
  readonly #threshold: number;
  readonly #backOffSeconds: number;
  readonly #maxBackOffSeconds: number;
  readonly #accountKeySecret: string | Uint8Array | undefined;

  constructor(createLimiter: RateLimiterFactory, options: LoginThrottleOptions = {}) {
    const login = options.loginPerAddress ?? { points: 20, durationSeconds: 60 };
    const refresh = options.refreshPerAddress ?? { points: 60, durationSeconds: 60 };
    this.#threshold = options.accountFailuresBeforeBackOff ?? 5;
    this.#backOffSeconds = options.accountBackOffSeconds ?? 1;
    this.#maxBackOffSeconds = options.accountMaxBackOffSeconds ?? 900;
    this.#accountKeySecret = options.accountKeySecret;
    for (const [name, value] of Object.entries({
      'loginPerAddress.points': login.points,
      'loginPerAddress.durationSeconds': login.durationSeconds,
      'refreshPerAddress.points': refresh.points,
      'refreshPerAddress.durationSeconds': refresh.durationSeconds,
      accountFailuresBeforeBackOff: this.#threshold,
      accountBackOffSeconds: this.#backOffSeconds,
      accountMaxBackOffSeconds: this.#maxBackOffSeconds,
    })) {
      // Whole seconds: the Redis store truncates fractional durations.
      if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
    }
    this.#loginPerAddress = new FlexibleRateLimiter(createLimiter, {
      keyPrefix: 'login_ip',
      points: login.points,
      duration: login.durationSeconds,
    });
    this.#refreshPerAddress = new FlexibleRateLimiter(createLimiter, {
      keyPrefix: 'refresh_ip',
      points: refresh.points,
      duration: refresh.durationSeconds,
    });
    this.#accountFailures = createLimiter({
      keyPrefix: 'login_acct',
      points: this.#threshold,
      duration: Math.max(options.accountFailureMemorySeconds ?? 86_400, this.#maxBackOffSeconds),
    });
    // Only written by block(): a present, unexpired key means the account is backing off.
    this.#accountLock = createLimiter({
      keyPrefix: 'login_acct_lock',
      points: 1,
      duration: this.#maxBackOffSeconds,
    });
  }

  async checkLogin(ip: string, account: string): Promise<void> {
    await this.#loginPerAddress.consume(ip);
    const lock = await this.#accountLock.get(this.#accountKey(account));
    if (lock !== null && lock.consumedPoints > this.#accountLock.points && lock.msBeforeNext > 0) {
      throw new RateLimited(lock.msBeforeNext / 1000);
    }
  }

  async recordFailure(account: string): Promise<void> {
    const key = this.#accountKey(account);
    const { consumedPoints: failures } = await this.#accountFailures.penalty(key, 1);
    if (failures < this.#threshold) return;
    const doublings = Math.min(failures - this.#threshold, 30);
    const seconds = Math.min(this.#backOffSeconds * 2 ** doublings, this.#maxBackOffSeconds);
    await this.#accountLock.block(key, seconds);
  }

  async recordSuccess(account: string): Promise<void> {
    const key = this.#accountKey(account);
    await Promise.all([this.#accountFailures.delete(key), this.#accountLock.delete(key)]);
  }

  async checkRefresh(ip: string): Promise<void> {
    await this.#refreshPerAddress.consume(ip);
  }

  /** base64url SHA-256 (or HMAC-SHA-256) of the canonical login string: 43 characters. */
  #accountKey(account: string): string {
    const secret = this.#accountKeySecret;
    const hash = secret === undefined ? createHash('sha256') : createHmac('sha256', secret);
    return hash.update(account, 'utf8').digest('base64url');
  }
}

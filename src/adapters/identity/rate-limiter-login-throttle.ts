import { createHash, createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { LoginThrottle } from '../../application/identity/ports/login-throttle.ts';
import { RateLimited } from '../../domain/kernel/errors.ts';
import type { CounterBatch } from '../platform/throttling/counter-batch.ts';
import { FlexibleRateLimiter } from '../platform/throttling/flexible-rate-limiter.ts';
import type { RateLimiterAbstract } from '../platform/throttling/rate-limiter-classes.ts';
import type { RateLimiterFactory } from '../platform/throttling/rate-limiter-store.ts';

/** The longest duration a memory store keeps a key for: setTimeout's limit, 2^31 - 1 ms (24.8 days). */
const MAX_DURATION_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

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
  /** Consecutive failed logins to one account from one address before that address backs off (default 5). */
  readonly accountFailuresBeforeBackOff?: number;
  /** The first back-off, in seconds; each further failure doubles it (default 1). */
  readonly accountBackOffSeconds?: number;
  /** The longest back-off, in seconds (default 900, 15 minutes). */
  readonly accountMaxBackOffSeconds?: number;
  /** A failure count with no success is forgotten this many seconds after its first failure (default 1 day). */
  readonly accountFailureMemorySeconds?: number;
  /** Failures to one account from all addresses together that start its slow lane (default 100 per hour). */
  readonly accountCeiling?: AddressBudget;
  /** In the slow lane, one attempt per this many seconds from the account's unknown addresses (default 5). */
  readonly slowLaneSeconds?: number;
  /** How long an address that logged in to an account stays known to it (default 21 days). */
  readonly knownAddressSeconds?: number;
  /**
   * Key for an HMAC of the account and address. Without it the keys are plain SHA-256, which keeps e-mail
   * addresses out of the store but can be matched against a list of known addresses.
   */
  readonly accountKeySecret?: string | Uint8Array;
}

/**
 * The LoginThrottle on rate-limiter-flexible, on whichever store the factory was made for. The account back-off
 * is kept per account AND client address, so a guesser who knows a username locks out only themselves:
 *
 * - Per client address: a budget of login attempts (`login_ip`) and one of refreshes (`refresh_ip`), fixed
 *   windows that may be spent in one burst.
 * - Per account and address (`login_pair` counts consecutive failures, `login_pair_lock` holds the back-off):
 *   after 5 the address is refused for that account for 1 s, then 2, 4, ... s, capped at 15 minutes. A success
 *   from the address clears both. This is what stops one guesser, and it never touches the owner elsewhere.
 * - Per account over all addresses (`login_acct`): past 100 failures in an hour (many addresses, each under
 *   its own back-off), the account's slow lane opens: addresses it has not been logged in from in the last 21
 *   days (`login_known`) share one attempt per 5 s (`login_slow`). A distributed guess is slowed to that pace;
 *   the owner at a known address is not slowed at all, and at a new one waits seconds, never a lock-out.
 *
 * Account and address are hashed together: no login name, e-mail or account id is stored. Throttled calls
 * throw RateLimited with the seconds until a retry can pass. A login's check, and its success, each touch their
 * counters in one round trip of the store (one statement on PostgreSQL: see the factory's `batch`).
 */
export class RateLimiterLoginThrottle implements LoginThrottle {
  readonly #batch: CounterBatch;
  readonly #loginPerAddress: RateLimiterAbstract;
  readonly #refreshPerAddress: FlexibleRateLimiter;
  readonly #pairFailures: RateLimiterAbstract;
  readonly #pairLock: RateLimiterAbstract;
  readonly #accountFailures: RateLimiterAbstract;
  readonly #knownAddresses: RateLimiterAbstract;
  readonly #slowLane: FlexibleRateLimiter;
  readonly #threshold: number;
  readonly #backOffSeconds: number;
  readonly #maxBackOffSeconds: number;
  readonly #knownSeconds: number;
  readonly #accountKey: KeyObject | undefined;

  constructor(createLimiter: RateLimiterFactory, options: LoginThrottleOptions = {}) {
    const login = options.loginPerAddress ?? { points: 20, durationSeconds: 60 };
    const refresh = options.refreshPerAddress ?? { points: 60, durationSeconds: 60 };
    const ceiling = options.accountCeiling ?? { points: 100, durationSeconds: 3600 };
    const slowLaneSeconds = options.slowLaneSeconds ?? 5;
    this.#threshold = options.accountFailuresBeforeBackOff ?? 5;
    this.#backOffSeconds = options.accountBackOffSeconds ?? 1;
    this.#maxBackOffSeconds = options.accountMaxBackOffSeconds ?? 900;
    this.#knownSeconds = options.knownAddressSeconds ?? 21 * 86_400;
    // A key object made once: createHmac would otherwise make one of the secret on every call.
    const secret = options.accountKeySecret;
    this.#accountKey =
      secret === undefined
        ? undefined
        : createSecretKey(typeof secret === 'string' ? Buffer.from(secret) : secret);
    const memorySeconds = Math.max(options.accountFailureMemorySeconds ?? 86_400, this.#maxBackOffSeconds);
    const durations = {
      'loginPerAddress.durationSeconds': login.durationSeconds,
      'refreshPerAddress.durationSeconds': refresh.durationSeconds,
      'accountCeiling.durationSeconds': ceiling.durationSeconds,
      accountMaxBackOffSeconds: this.#maxBackOffSeconds,
      accountFailureMemorySeconds: memorySeconds,
      slowLaneSeconds,
      knownAddressSeconds: this.#knownSeconds,
    };
    for (const [name, value] of Object.entries({
      ...durations,
      'loginPerAddress.points': login.points,
      'refreshPerAddress.points': refresh.points,
      'accountCeiling.points': ceiling.points,
      accountFailuresBeforeBackOff: this.#threshold,
      accountBackOffSeconds: this.#backOffSeconds,
    })) {
      // Whole seconds: the Redis store truncates fractional durations.
      if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
    }
    for (const [name, seconds] of Object.entries(durations)) {
      // The memory store (and every store's in-memory insurance) expires a key with setTimeout, which fires at
      // once past 2^31 - 1 ms: a longer duration would forget at once.
      if (seconds > MAX_DURATION_SECONDS)
        throw new RangeError(`${name} must be at most ${MAX_DURATION_SECONDS}`);
    }
    const budget = (keyPrefix: string, points: number, duration: number) =>
      new FlexibleRateLimiter(createLimiter, { keyPrefix, points, duration });
    this.#batch = createLimiter.batch;
    this.#loginPerAddress = createLimiter({
      keyPrefix: 'login_ip',
      points: login.points,
      duration: login.durationSeconds,
    });
    this.#refreshPerAddress = budget('refresh_ip', refresh.points, refresh.durationSeconds);
    this.#slowLane = budget('login_slow', 1, slowLaneSeconds);
    this.#pairFailures = createLimiter({
      keyPrefix: 'login_pair',
      points: this.#threshold,
      duration: memorySeconds,
    });
    // Only written by block(): a present, unexpired key means the address is backing off for the account.
    this.#pairLock = createLimiter({
      keyPrefix: 'login_pair_lock',
      points: 1,
      duration: this.#maxBackOffSeconds,
    });
    this.#accountFailures = createLimiter({
      keyPrefix: 'login_acct',
      points: ceiling.points,
      duration: ceiling.durationSeconds,
    });
    this.#knownAddresses = createLimiter({
      keyPrefix: 'login_known',
      points: 1,
      duration: this.#knownSeconds,
    });
  }

  async checkLogin(ip: string, account: string): Promise<void> {
    const [pair, acct] = [this.#key(account, ip), this.#key(account)];
    const [spent, lock, failures] = await this.#batch([
      { op: 'consume', limiter: this.#loginPerAddress, key: ip },
      { op: 'get', limiter: this.#pairLock, key: pair },
      { op: 'get', limiter: this.#accountFailures, key: acct },
    ]);
    if (spent && spent.consumedPoints > this.#loginPerAddress.points) {
      throw new RateLimited(spent.msBeforeNext / 1000);
    }
    if (lock && lock.consumedPoints > this.#pairLock.points && lock.msBeforeNext > 0) {
      throw new RateLimited(lock.msBeforeNext / 1000);
    }
    if (!failures || failures.consumedPoints < this.#accountFailures.points) return;
    if ((await this.#knownAddresses.get(pair)) !== null) return;
    await this.#slowLane.consume(acct);
  }

  async recordFailure(ip: string, account: string): Promise<void> {
    const pair = this.#key(account, ip);
    const [{ consumedPoints: failures }] = await Promise.all([
      this.#pairFailures.penalty(pair, 1),
      this.#accountFailures.penalty(this.#key(account), 1),
    ]);
    if (failures < this.#threshold) return;
    const doublings = Math.min(failures - this.#threshold, 30);
    const seconds = Math.min(this.#backOffSeconds * 2 ** doublings, this.#maxBackOffSeconds);
    await this.#pairLock.block(pair, seconds);
  }

  async recordSuccess(ip: string, account: string): Promise<void> {
    const pair = this.#key(account, ip);
    await this.#batch([
      { op: 'delete', limiter: this.#pairFailures, key: pair },
      { op: 'delete', limiter: this.#pairLock, key: pair },
      { op: 'set', limiter: this.#knownAddresses, key: pair, points: 1, seconds: this.#knownSeconds },
    ]);
  }

  async checkRefresh(ip: string): Promise<void> {
    await this.#refreshPerAddress.consume(ip);
  }

  /** base64url SHA-256 (or HMAC-SHA-256) of the account, or of the account and an address: 43 characters. */
  #key(account: string, ip?: string): string {
    const key = this.#accountKey;
    const hash = key === undefined ? createHash('sha256') : createHmac('sha256', key);
    return hash.update(ip === undefined ? account : `${account}\u0000${ip}`, 'utf8').digest('base64url');
  }
}

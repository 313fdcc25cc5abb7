import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  type LoginThrottleOptions,
  RateLimiterLoginThrottle,
} from '../../../src/adapters/identity/rate-limiter-login-throttle.ts';
import { FlexibleRateLimiter } from '../../../src/adapters/platform/throttling/flexible-rate-limiter.ts';
import {
  createRateLimiterFactory,
  type RateLimiterFactory,
} from '../../../src/adapters/platform/throttling/rate-limiter-store.ts';
import { RateLimited } from '../../../src/domain/kernel/errors.ts';
import { testDatabase } from '../../support/test-database.ts';
import { testRedis } from '../../support/test-redis.ts';

interface StoreCase {
  readonly name: string;
  open(): Promise<RateLimiterFactory>;
  /** Every key the store holds in the throttle's namespaces, when the store can be inspected. */
  keys?(): Promise<string[]>;
}

const stores: StoreCase[] = [
  { name: 'memory', open: async () => createRateLimiterFactory('memory') },
  {
    name: 'PostgreSQL',
    open: async () => createRateLimiterFactory('postgres', { pool: (await testDatabase()).db.pool }),
    keys: async () => {
      const client = new pg.Client({ connectionString: (await testDatabase()).url });
      await client.connect();
      try {
        const { rows } = await client.query<{ key: string }>('select key from rate_limits');
        return rows.map((row) => row.key);
      } finally {
        await client.end();
      }
    },
  },
  {
    name: 'Redis',
    open: async () => createRateLimiterFactory('redis', { redisUrl: (await testRedis()).url }),
    keys: async () => {
      const client = new Redis((await testRedis()).url);
      try {
        return await client.keys('login_*');
      } finally {
        client.disconnect();
      }
    },
  },
];

// Counters in PostgreSQL and Redis outlive a run: every test uses addresses and accounts of its own.
const runPrefix = `10.${randomInt(256)}.${randomInt(256)}`;
let addressCounter = 0;
const freshIp = () => `${runPrefix}.${addressCounter++ % 256}`;
// Counts in a shared Redis expire on their own (within a day); every account is new.
const freshAccount = () => `name:user-${randomUUID()}@example.com`;

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

async function expectRateLimited(promise: Promise<unknown>): Promise<number> {
  const error = await rejectionOf(promise);
  expect(error).to.be.instanceOf(RateLimited);
  const seconds = (error as RateLimited).retryAfterSeconds;
  expect(seconds).to.be.a('number').and.to.be.greaterThan(0);
  return seconds as number;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    sleep(ms, undefined, { ref: false }).then(() => {
      throw new Error(`no answer within ${ms} ms`);
    }),
  ]);
}

for (const store of stores) {
  describe(`RateLimiterLoginThrottle on the ${store.name} store`, function () {
    this.timeout(2500);
    let factory: RateLimiterFactory | undefined;

    before(async function () {
      this.timeout(60_000); // provisioning the test database or starting redis-server
      const opened = await store.open();
      try {
        await withTimeout(opened.ready(), 3000);
      } catch (error) {
        await opened.close();
        throw error;
      }
      factory = opened;
    });

    after(async () => {
      await factory?.close();
    });

    const throttle = (options: LoginThrottleOptions = {}) => {
      if (!factory) throw new Error('store not opened');
      return new RateLimiterLoginThrottle(factory, options);
    };
    const roomyLogin: LoginThrottleOptions = { loginPerAddress: { points: 1000, durationSeconds: 60 } };

    describe('per client address', () => {
      it('refuses a login once the address has spent its budget, with a positive Retry-After', async () => {
        const subject = throttle({ loginPerAddress: { points: 3, durationSeconds: 60 } });
        const ip = freshIp();
        for (let attempt = 0; attempt < 3; attempt++) await subject.checkLogin(ip, freshAccount());
        const seconds = await expectRateLimited(subject.checkLogin(ip, freshAccount()));
        expect(seconds).to.be.at.most(60);
        await expectRateLimited(subject.checkLogin(ip, freshAccount()));
      });

      it('keeps separate budgets for separate addresses', async () => {
        const subject = throttle({ loginPerAddress: { points: 2, durationSeconds: 60 } });
        const [first, second] = [freshIp(), freshIp()];
        await subject.checkLogin(first, freshAccount());
        await subject.checkLogin(first, freshAccount());
        await expectRateLimited(subject.checkLogin(first, freshAccount()));
        await subject.checkLogin(second, freshAccount());
        await subject.checkLogin(second, freshAccount());
        await expectRateLimited(subject.checkLogin(second, freshAccount()));
      });

      it('keeps the refresh budget apart from the login budget', async () => {
        const subject = throttle({
          loginPerAddress: { points: 2, durationSeconds: 60 },
          refreshPerAddress: { points: 3, durationSeconds: 60 },
        });
        const ip = freshIp();
        await subject.checkLogin(ip, freshAccount());
        await subject.checkLogin(ip, freshAccount());
        await expectRateLimited(subject.checkLogin(ip, freshAccount()));
        for (let refresh = 0; refresh < 3; refresh++) await subject.checkRefresh(ip);
        const seconds = await expectRateLimited(subject.checkRefresh(ip));
        expect(seconds).to.be.at.most(60);

        const other = freshIp();
        for (let refresh = 0; refresh < 3; refresh++) await subject.checkRefresh(other);
        await expectRateLimited(subject.checkRefresh(other));
        await subject.checkLogin(other, freshAccount());
      });

      it('uses the production defaults: 20 logins and 60 refreshes per minute', async () => {
        const subject = throttle();
        const ip = freshIp();
        await Promise.all(Array.from({ length: 20 }, () => subject.checkLogin(ip, freshAccount())));
        await expectRateLimited(subject.checkLogin(ip, freshAccount()));
        await Promise.all(Array.from({ length: 60 }, () => subject.checkRefresh(ip)));
        await expectRateLimited(subject.checkRefresh(ip));
      });
    });

    describe('per account and client address', () => {
      it('backs an address off after exactly 5 consecutive failures for the account, for 1 s', async () => {
        const subject = throttle(roomyLogin);
        const [account, ip] = [freshAccount(), freshIp()];
        for (let failure = 1; failure <= 4; failure++) {
          await subject.recordFailure(ip, account);
          await subject.checkLogin(ip, account);
        }
        await subject.recordFailure(ip, account);
        expect(await expectRateLimited(subject.checkLogin(ip, account))).to.equal(1);
      });

      it('doubles the back-off with every further failure, up to 15 minutes', async () => {
        const subject = throttle(roomyLogin);
        const [account, ip] = [freshAccount(), freshIp()];
        for (let failure = 1; failure <= 4; failure++) await subject.recordFailure(ip, account);
        const seen: number[] = [];
        for (let failure = 5; failure <= 17; failure++) {
          await subject.recordFailure(ip, account);
          seen.push(await expectRateLimited(subject.checkLogin(ip, account)));
        }
        expect(seen).to.deep.equal([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
      });

      it('takes its numbers from the options', async () => {
        const subject = throttle({
          ...roomyLogin,
          accountFailuresBeforeBackOff: 2,
          accountBackOffSeconds: 3,
          accountMaxBackOffSeconds: 10,
        });
        const [account, ip] = [freshAccount(), freshIp()];
        await subject.recordFailure(ip, account);
        await subject.checkLogin(ip, account);
        const seen: number[] = [];
        for (let failure = 2; failure <= 4; failure++) {
          await subject.recordFailure(ip, account);
          seen.push(await expectRateLimited(subject.checkLogin(ip, account)));
        }
        expect(seen).to.deep.equal([3, 6, 10]);
      });

      it('lets the address in again when the back-off has passed (never a permanent lock-out)', async () => {
        const subject = throttle(roomyLogin);
        const [account, ip] = [freshAccount(), freshIp()];
        for (let failure = 1; failure <= 5; failure++) await subject.recordFailure(ip, account);
        await expectRateLimited(subject.checkLogin(ip, account));
        await sleep(1100);
        await subject.checkLogin(ip, account);
      });

      it('forgets the failures on a success from that address', async () => {
        const subject = throttle(roomyLogin);
        const [account, ip] = [freshAccount(), freshIp()];
        for (let failure = 1; failure <= 7; failure++) await subject.recordFailure(ip, account);
        expect(await expectRateLimited(subject.checkLogin(ip, account))).to.equal(4);
        await subject.recordSuccess(ip, account);
        await subject.checkLogin(ip, account);
        for (let failure = 1; failure <= 4; failure++) await subject.recordFailure(ip, account);
        await subject.checkLogin(ip, account);
        await subject.recordFailure(ip, account);
        expect(await expectRateLimited(subject.checkLogin(ip, account))).to.equal(1);
      });

      it("a guesser's back-off touches neither the account from another address nor another account", async () => {
        const subject = throttle(roomyLogin);
        const [account, other, guesser] = [freshAccount(), freshAccount(), freshIp()];
        for (let failure = 1; failure <= 9; failure++) await subject.recordFailure(guesser, account);
        await expectRateLimited(subject.checkLogin(guesser, account));
        await subject.checkLogin(freshIp(), account);
        await subject.checkLogin(guesser, other);
      });

      if (store.keys) {
        const listKeys = store.keys;
        it('stores hashes of the account and address, never the login string nor the address', async () => {
          const subject = throttle(roomyLogin);
          const [account, ip] = [freshAccount(), freshIp()];
          for (let failure = 1; failure <= 5; failure++) await subject.recordFailure(ip, account);
          await subject.recordSuccess(freshIp(), account);
          const keys = await listKeys();
          expect(keys.filter((key) => key.includes('example.com') || key.includes(ip))).to.deep.equal([]);
          for (const prefix of ['login_pair', 'login_pair_lock', 'login_acct', 'login_known']) {
            expect(
              keys.some((key) => new RegExp(`^${prefix}:[\\w-]{43}$`).test(key)),
              prefix,
            ).to.equal(true);
          }
        });
      }
    });

    describe('per account, over every address (a distributed guess)', () => {
      const ceiling: LoginThrottleOptions = {
        ...roomyLogin,
        accountCeiling: { points: 6, durationSeconds: 60 },
      };

      it('under its ceiling, lets every address try at the pace of its own back-off', async () => {
        const subject = throttle(ceiling);
        const account = freshAccount();
        for (let failure = 1; failure <= 5; failure++) await subject.recordFailure(freshIp(), account);
        await subject.checkLogin(freshIp(), account);
        await subject.checkLogin(freshIp(), account);
      });

      it('past its ceiling, paces unknown addresses to one attempt per slow-lane interval, together', async () => {
        const subject = throttle({ ...ceiling, slowLaneSeconds: 1 });
        const account = freshAccount();
        for (let failure = 1; failure <= 6; failure++) await subject.recordFailure(freshIp(), account);
        await subject.checkLogin(freshIp(), account);
        const seconds = await expectRateLimited(subject.checkLogin(freshIp(), account));
        expect(seconds).to.be.at.most(1);
        await sleep(1100);
        await subject.checkLogin(freshIp(), account);
      });

      it('refuses a duration its memory fallback could not keep (setTimeout stops at 24.8 days)', () => {
        expect(() => throttle({ knownAddressSeconds: 30 * 86_400 })).to.throw(
          RangeError,
          /knownAddressSeconds/,
        );
        expect(() => throttle({ accountCeiling: { points: 5, durationSeconds: 0 } })).to.throw(RangeError);
      });

      it('past its ceiling, never slows an address the account was logged in from', async () => {
        const subject = throttle(ceiling);
        const [account, owner] = [freshAccount(), freshIp()];
        await subject.recordSuccess(owner, account);
        await sleep(20); // timers run: a memory store must not drop the mark at once (setTimeout overflow)
        for (let failure = 1; failure <= 20; failure++) await subject.recordFailure(freshIp(), account);
        for (let attempt = 0; attempt < 5; attempt++) await subject.checkLogin(owner, account);
      });
    });

    describe('the generic RateLimiter', () => {
      it('spends a per-key budget and then throws RateLimited', async () => {
        if (!factory) throw new Error('store not opened');
        const limiter = new FlexibleRateLimiter(factory, {
          keyPrefix: `test_webhook_${randomUUID().slice(0, 8)}`,
          points: 2,
          duration: 30,
        });
        await limiter.consume('trigger-a');
        await limiter.consume('trigger-a');
        const seconds = await expectRateLimited(limiter.consume('trigger-a'));
        expect(seconds).to.be.at.most(30);
        await limiter.consume('trigger-b');
      });
    });
  });
}

describe('rate-limit stores that cannot be reached', () => {
  const deadPool = new pg.Pool({
    connectionString: 'postgresql://postgres@127.0.0.1:1/none',
    connectionTimeoutMillis: 500,
  });
  after(() => deadPool.end());
  const unreachable = [
    { kind: 'postgres' as const, deps: { pool: deadPool } },
    { kind: 'redis' as const, deps: { redisUrl: 'redis://127.0.0.1:1' } },
  ];
  for (const { kind, deps } of unreachable) {
    it(`falls back to per-process memory limits when ${kind} is down, and says so`, async () => {
      const reported: Error[] = [];
      const factory = createRateLimiterFactory(kind, {
        ...deps,
        timeoutMs: 500,
        onStoreError: (error) => reported.push(error),
      });
      try {
        expect(await rejectionOf(factory.ready())).to.be.instanceOf(Error);
        const subject = new RateLimiterLoginThrottle(factory, {
          loginPerAddress: { points: 2, durationSeconds: 60 },
        });
        const ip = freshIp();
        const account = freshAccount();
        await subject.checkLogin(ip, account);
        await subject.checkLogin(ip, account);
        await expectRateLimited(subject.checkLogin(ip, account));
        const other = freshIp();
        for (let failure = 1; failure <= 5; failure++) await subject.recordFailure(other, account);
        expect(await expectRateLimited(subject.checkLogin(other, account))).to.equal(1);
        await subject.recordSuccess(other, account);
        await subject.checkLogin(other, account);
        expect(reported).to.have.lengthOf(1, 'reported at most once a minute');
      } finally {
        await factory.close();
      }
    });
  }

  it('refuses to build a shared store without its connection', () => {
    expect(() => createRateLimiterFactory('postgres', {})).to.throw(/database pool/);
    expect(() => createRateLimiterFactory('redis', {})).to.throw(/Redis URL/);
  });
});

import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { BatchedRateLimiter } from '../../../src/adapters/platform/throttling/batched-rate-limiter.ts';
import {
  createRateLimiterFactory,
  type RateLimiterFactory,
} from '../../../src/adapters/platform/throttling/rate-limiter-store.ts';
import { RateLimited } from '../../../src/domain/kernel/errors.ts';
import { rejectionOf } from '../../support/fail.ts';
import { testDatabase } from '../../support/test-database.ts';
import { testRedis } from '../../support/test-redis.ts';

const stores: [string, () => Promise<RateLimiterFactory>][] = [
  ['PostgreSQL', async () => createRateLimiterFactory('postgres', { pool: (await testDatabase()).db.pool })],
  ['Redis', async () => createRateLimiterFactory('redis', { redisUrl: (await testRedis()).url })],
];

async function admitted(limiter: BatchedRateLimiter, key: string, attempts: number): Promise<number> {
  let count = 0;
  for (let i = 0; i < attempts; i++) {
    try {
      await limiter.consume(key);
      count++;
    } catch (error) {
      if (!(error instanceof RateLimited)) throw error;
    }
  }
  return count;
}

for (const [name, open] of stores) {
  describe(`BatchedRateLimiter on ${name} (counts in memory, synchronised in batches)`, () => {
    let factory: RateLimiterFactory;
    before(async () => {
      factory = await open();
      await factory.ready();
    });
    after(() => factory.close());

    // Explicit syncs (syncMs 0 starts no timer): two limiters on one store are two instances.
    const instance = () =>
      new BatchedRateLimiter(factory, {
        keyPrefix: `t${randomUUID().slice(0, 8)}`,
        points: 6,
        duration: 60,
        syncMs: 0,
      });

    it('keeps one instance within the budget without waiting for the store, with Retry-After', async () => {
      const limiter = instance();
      const key = randomUUID();
      expect(await admitted(limiter, key, 10)).to.equal(6);
      const refused = await rejectionOf(limiter.consume(key), RateLimited, 'admitted past the budget');
      expect(refused.retryAfterSeconds).to.equal(60);
    });

    it('shares one budget across instances through the store, over-admitting at most one interval', async () => {
      const prefix = `t${randomUUID().slice(0, 8)}`;
      const options = { keyPrefix: prefix, points: 6, duration: 60, syncMs: 0 };
      const [a, b] = [new BatchedRateLimiter(factory, options), new BatchedRateLimiter(factory, options)];
      const key = randomUUID();
      expect(await admitted(a, key, 3)).to.equal(3);
      await a.sync(); // the store holds 3
      // B has not synced yet: it believes the whole budget is left.
      expect(await admitted(b, key, 3)).to.equal(3);
      await b.sync(); // the store holds 6, and B knows it
      expect(await admitted(b, key, 5)).to.equal(0);
      // A last heard 3: it admits within one interval what it believed left (the documented bound), then learns.
      expect(await admitted(a, key, 1)).to.equal(1);
      await a.sync();
      expect(await admitted(a, key, 5)).to.equal(0);
    });
  });
}

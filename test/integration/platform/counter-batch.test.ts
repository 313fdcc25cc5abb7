import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type pg from 'pg';
import { postgresCounterBatch } from '../../../src/adapters/platform/throttling/postgres-counter-batch.ts';
import {
  createRateLimiterFactory,
  type RateLimiterFactory,
} from '../../../src/adapters/platform/throttling/rate-limiter-store.ts';
import { testDatabase } from '../../support/test-database.ts';
import { testRedis } from '../../support/test-redis.ts';

const stores: [string, () => Promise<RateLimiterFactory>][] = [
  ['memory', async () => createRateLimiterFactory('memory')],
  ['PostgreSQL', async () => createRateLimiterFactory('postgres', { pool: (await testDatabase()).db.pool })],
  ['Redis', async () => createRateLimiterFactory('redis', { redisUrl: (await testRedis()).url })],
];

for (const [name, open] of stores) {
  describe(`the counter batch of the ${name} rate-limit store`, () => {
    let factory: RateLimiterFactory;
    before(async () => {
      factory = await open();
      await factory.ready();
    });
    after(() => factory.close());

    it("counts together with the limiters' own calls, answering each operation in order", async () => {
      const limiter = factory({ keyPrefix: 'batch_test', points: 2, duration: 60 });
      const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
      await limiter.consume(a);
      const [spent, missing] = await factory.batch([
        { op: 'consume', limiter, key: a },
        { op: 'get', limiter, key: b },
      ]);
      expect(spent?.consumedPoints).to.equal(2);
      expect(spent?.remainingPoints).to.equal(0);
      expect(spent?.msBeforeNext).to.be.within(1, 60_000);
      expect(missing).to.equal(null);
      // Past the budget the count is answered, not thrown: deciding is the caller's.
      const [over] = await factory.batch([{ op: 'consume', limiter, key: a }]);
      expect(over?.consumedPoints).to.equal(3);
      expect((await limiter.get(a))?.consumedPoints).to.equal(3);

      const [gone, set, seen] = await factory.batch([
        { op: 'delete', limiter, key: a },
        { op: 'set', limiter, key: b, points: 1, seconds: 600 },
        { op: 'get', limiter, key: c },
      ]);
      expect([gone, seen]).to.deep.equal([null, null]);
      expect(set?.consumedPoints).to.equal(1);
      expect(await limiter.get(a)).to.equal(null);
      const kept = await limiter.get(b);
      expect(kept?.consumedPoints).to.equal(1);
      expect(kept?.msBeforeNext).to.be.within(59_000, 600_000);
    });
  });
}

describe('the PostgreSQL counter batch', () => {
  it('sends one statement for all its operations', async () => {
    const { pool } = (await testDatabase()).db;
    const sent: pg.QueryConfig[] = [];
    const client = {
      query: (query: pg.QueryConfig) => {
        sent.push(query);
        return pool.query(query);
      },
    };
    const limiter = createRateLimiterFactory('memory')({ keyPrefix: 'batch_test', points: 5, duration: 60 });
    const batch = postgresCounterBatch(client, 'rate_limits');
    const key = randomUUID();
    const answers = await batch([
      { op: 'consume', limiter, key },
      { op: 'get', limiter, key: randomUUID() },
      { op: 'set', limiter, key: randomUUID(), points: 1, seconds: 60 },
      { op: 'delete', limiter, key: randomUUID() },
    ]);
    expect(sent).to.have.lengthOf(1);
    expect(answers.map((answer) => answer?.consumedPoints ?? null)).to.deep.equal([1, null, 1, null]);
    const { rows } = await pool.query('select points from rate_limits where key = $1', [`batch_test:${key}`]);
    expect(rows).to.deep.equal([{ points: 1 }]);
  });

  it("lets each limiter's in-memory insurance decide when the statement fails", async () => {
    const failing = { query: () => Promise.reject(new Error('store unreachable')) };
    const { pool } = (await testDatabase()).db;
    const limiter = createRateLimiterFactory('postgres', { pool })({
      keyPrefix: 'batch_test',
      points: 1,
      duration: 60,
    });
    const batch = postgresCounterBatch(failing, 'rate_limits');
    const key = randomUUID();
    const [first] = await batch([{ op: 'consume', limiter, key }]);
    const [second] = await batch([{ op: 'consume', limiter, key }]);
    expect([first?.consumedPoints, second?.consumedPoints]).to.deep.equal([1, 2]);
    // The shared store saw none of it.
    expect(await limiter.get(key)).to.equal(null);
  });
});

import { expect } from 'chai';
import { isDatabaseUnavailable } from '../../../src/adapters/platform/postgres/database-unavailable.ts';
import {
  connectPostgres,
  type PostgresDatabase,
} from '../../../src/adapters/platform/postgres/postgres-database.ts';
import { withWaitBudget } from '../../../src/adapters/platform/system/wait-budget.ts';
import { entitySchemas } from '../../../src/composition/entity-schemas.ts';
import { loadConfig } from '../../../src/config.ts';
import { TcpProxy } from '../../support/tcp-proxy.ts';
import { testDatabase } from '../../support/test-database.ts';

/**
 * Issue 10, database outage: a login that met a silent network after its first query waited on two counters
 * and then its own insert, each with its own deadline, and answered after 2.2 to 2.5 s. One budget per request
 * bounds the sum. Statement deadlines here are the defaults (1.5 s + 250 ms of silence per query).
 */
describe('a request waits on a silent database at most its budget, however many queries it makes', () => {
  const BUDGET_MS = 800;
  let proxy: TcpProxy;
  let db: PostgresDatabase;

  beforeEach(async () => {
    proxy = new TcpProxy();
    const url = await proxy.start((await testDatabase()).url);
    db = await connectPostgres({
      url,
      entities: entitySchemas,
      poolMax: 2,
      deadlines: loadConfig({}).databaseDeadlines,
    });
  });
  afterEach(async () => {
    proxy.resume();
    await db?.close();
    await proxy?.close();
  });

  const attempt = async (sql: string): Promise<unknown> => {
    try {
      return await db.query(sql);
    } catch (error) {
      return error;
    }
  };

  it('cuts the later queries to what is left, then fails them at once, all as unavailable', async function () {
    this.timeout(20000);
    const outcomes: unknown[] = [];
    const started = performance.now();
    await withWaitBudget(BUDGET_MS, async () => {
      outcomes.push(await attempt('select 1 as one'));
      proxy.silence();
      // Each alone would wait 1.75 s: three of them, 5.25 s.
      for (let i = 0; i < 3; i++) outcomes.push(await attempt('select 1 as one'));
    });
    const elapsed = performance.now() - started;
    expect(outcomes[0]).to.deep.equal([{ one: 1 }]);
    for (const failure of outcomes.slice(1))
      expect(isDatabaseUnavailable(failure), String(failure)).to.equal(true);
    expect(elapsed).to.be.below(BUDGET_MS + 500);
  });

  it('counts the wait for a free connection too, and hands a late connection back to the pool', async function () {
    this.timeout(20000);
    proxy.silence();
    // Both connections of the pool stuck on silent queries, outside any request budget.
    const stuck = [attempt('select 1'), attempt('select 1')];
    const started = performance.now();
    const waited = await withWaitBudget(BUDGET_MS, () => attempt('select 1'));
    expect(isDatabaseUnavailable(waited), String(waited)).to.equal(true);
    expect(performance.now() - started).to.be.below(BUDGET_MS + 500);
    await Promise.all(stuck);
    proxy.resume();
    // The pool is whole again: both connections can be had at once.
    const answers = await Promise.all([db.query('select 2 as two'), db.query('select 2 as two')]);
    expect(answers).to.deep.equal([[{ two: 2 }], [{ two: 2 }]]);
  });

  it('leaves work outside a request, and work a request leaves running, on per-query deadlines', async function () {
    this.timeout(20000);
    let later: Promise<unknown> | undefined;
    await withWaitBudget(100, async () => {
      proxy.silence();
      expect(isDatabaseUnavailable(await attempt('select 1'))).to.equal(true);
      proxy.resume();
      // Started after the request ends (an event stream's later read): the spent budget is not its own.
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() => attempt('select 3 as three'));
    });
    expect(await later).to.deep.equal([{ three: 3 }]);
  });
});

/**
 * Found by a benchmark on a loaded machine: every connection of the pool was checked out for good and the
 * server answered 503 until restarted. Kysely (under MikroORM) gives a transaction's connection back only
 * after its COMMIT or ROLLBACK succeeds; a BEGIN refused for a spent budget, or a ROLLBACK on a connection
 * dropped after a read timeout, kept the connection out of the pool forever.
 */
describe('a transaction whose BEGIN, COMMIT or ROLLBACK fails still gives its connection back', () => {
  const POOL = 2;
  let db: PostgresDatabase;

  beforeEach(async () => {
    db = await connectPostgres({
      url: (await testDatabase()).url,
      entities: entitySchemas,
      poolMax: POOL,
      deadlines: { connectMs: 1000, statementMs: 5000 },
    });
  });
  afterEach(async () => {
    await db?.close();
  });

  /** Holds every connection of the pool at once; fails when one of them was never given back. */
  const holdTheWholePool = async (): Promise<void> => {
    let started = 0;
    let allStarted: () => void = () => {};
    const together = new Promise<void>((resolve) => (allStarted = resolve));
    const tooLong = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`only ${started} of ${POOL} connections could be had`)), 3000),
    );
    const holding = Array.from({ length: POOL }, () =>
      db.transaction(async () => {
        await db.query('select 1');
        if (++started === POOL) allStarted();
        await Promise.race([together, tooLong]);
      }),
    );
    await Promise.all(holding);
  };

  const failed = async (work: () => Promise<unknown>): Promise<unknown> => {
    try {
      await work();
    } catch (error) {
      return error;
    }
    throw new Error('the work did not fail');
  };

  it('after BEGINs refused for a spent budget', async function () {
    this.timeout(20000);
    for (let i = 0; i < POOL + 1; i++) {
      const refused = await withWaitBudget(20, async () => {
        await failed(() => db.query('select pg_sleep(0.1)'));
        return failed(() => db.transaction(() => db.query('select 1')));
      });
      expect(isDatabaseUnavailable(refused), String(refused)).to.equal(true);
    }
    await holdTheWholePool();
  });

  it('after ROLLBACKs on connections dropped by a read timeout', async function () {
    this.timeout(20000);
    for (let i = 0; i < POOL + 1; i++) {
      const timedOut = await withWaitBudget(50, () =>
        failed(() => db.transaction(() => db.query('select pg_sleep(0.3)'))),
      );
      expect(isDatabaseUnavailable(timedOut), String(timedOut)).to.equal(true);
    }
    await holdTheWholePool();
  });
});

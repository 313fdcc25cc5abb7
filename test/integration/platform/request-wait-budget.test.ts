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

import { expect } from 'chai';
import { testDatabase } from '../../support/test-database.ts';

/** What a cache relies on to forget a change once other requests can see it. */
describe('PostgresDatabase.afterTransaction', () => {
  it('runs at once outside a transaction', async () => {
    const { db } = await testDatabase();
    let ran = false;
    db.afterTransaction(() => {
      ran = true;
    });
    expect(ran).to.equal(true);
  });

  it('runs once the outermost transaction has committed, when its change is visible to other connections', async () => {
    const { db } = await testDatabase();
    await db.query('create table if not exists after_transaction_probe (n int)');
    await db.query('delete from after_transaction_probe');
    const seen: number[] = [];
    const visibleElsewhere = async () => {
      const client = await db.pool.connect();
      try {
        return Number((await client.query('select count(*) from after_transaction_probe')).rows[0].count);
      } finally {
        client.release();
      }
    };
    let committed: Promise<number> | undefined;
    await db.transaction(async () => {
      await db.query('insert into after_transaction_probe values (1)');
      await db.transaction(async () => {
        db.afterTransaction(() => {
          committed = visibleElsewhere();
        });
      });
      expect(committed, 'not run by the inner, joined transaction').to.equal(undefined);
      seen.push(await visibleElsewhere());
    });
    seen.push(await (committed as Promise<number>));
    expect(seen).to.deep.equal([0, 1]);
  });

  it('runs after a rollback too', async () => {
    const { db } = await testDatabase();
    let ran = false;
    const failure = await db
      .transaction(async () => {
        db.afterTransaction(() => {
          ran = true;
        });
        expect(ran).to.equal(false);
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    expect(failure).to.equal('rolled back');
    expect(ran).to.equal(true);
  });
});

import { expect } from 'chai';
import { CACHED_ROWS } from '../../../src/adapters/platform/caching/cached-rows.ts';
import { CACHE_INVALIDATION_CHANNEL } from '../../../src/adapters/platform/caching/postgres-cache-feed.ts';
import { testDatabase } from '../../support/test-database.ts';

interface TriggerRow {
  table: string;
  event: string;
  timing: string;
  orientation: string;
  statement: string;
}

/** `announce_cache_change('kind', 'key')` as the catalogue prints the trigger's call. */
const CALL = /announce_cache_change\('([a-z_]+)', '([a-z_]+)'\)/;

/**
 * The row triggers the migrations leave on a fresh database are exactly the declared cached entities: each
 * table announces its kind with its key on its events, after each row, on the channel the feed listens to.
 * A cached entity declared without its trigger (or a trigger left behind) fails here.
 */
describe('cached rows: the row triggers of the migrations agree with CACHED_ROWS', () => {
  it('announces every declared entity, on its events, with its key, and nothing else', async () => {
    const { db } = await testDatabase();
    const rows = await db.query<TriggerRow>(
      `select event_object_table as table, lower(event_manipulation) as event, action_timing as timing,
              action_orientation as orientation, action_statement as statement
         from information_schema.triggers
        where trigger_schema = current_schema() and action_statement like '%announce_cache_change%'`,
    );
    const found = new Map<string, { kind: string; table: string; key: string; on: string[] }>();
    for (const row of rows) {
      expect([row.timing, row.orientation], row.table).to.deep.equal(['AFTER', 'ROW']);
      const [, kind = '', key = ''] = CALL.exec(row.statement) ?? [];
      const entry = found.get(row.table) ?? { kind, table: row.table, key, on: [] };
      expect([entry.kind, entry.key], row.table).to.deep.equal([kind, key]);
      entry.on.push(row.event);
      found.set(row.table, entry);
    }
    const actual = [...found.values()].map((entry) => ({ ...entry, on: entry.on.sort() }));
    const declared = CACHED_ROWS.map((row) => ({ ...row, on: [...row.on].sort() }));
    const byTable = (a: { table: string }, b: { table: string }) => a.table.localeCompare(b.table);
    expect(actual.sort(byTable)).to.deep.equal(declared.sort(byTable));
  });

  it('notifies on the channel the feed listens to', async () => {
    const { db } = await testDatabase();
    const [definition] = await db.query<{ body: string }>(
      `select pg_get_functiondef('announce_cache_change'::regproc) as body`,
    );
    expect(definition?.body.match(/pg_notify\('([a-z_]+)'/g)).to.deep.equal([
      `pg_notify('${CACHE_INVALIDATION_CHANNEL}'`,
      `pg_notify('${CACHE_INVALIDATION_CHANNEL}'`,
    ]);
  });
});

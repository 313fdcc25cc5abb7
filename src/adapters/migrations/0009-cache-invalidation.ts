import { Migration } from '@mikro-orm/migrations';

/** Rows whose changes the caches of every instance must hear of: table, what changes, the key announced. */
const ANNOUNCED = [
  { table: 'login_sessions', on: 'update or delete', kind: 'login_session', key: 'id' },
  { table: 'users', on: 'update or delete', kind: 'user', key: 'id' },
  { table: 'memberships', on: 'insert or update or delete', kind: 'memberships', key: 'user_id' },
  { table: 'workspaces', on: 'update or delete', kind: 'workspace', key: 'id' },
  { table: 'triggers', on: 'update or delete', kind: 'trigger', key: 'id' },
  { table: 'missions', on: 'update or delete', kind: 'mission', key: 'id' },
  { table: 'api_keys', on: 'update or delete', kind: 'api_key', key: 'id' },
];

/**
 * Cache invalidation announced by the database itself: every change to a cached row, whichever statement
 * or cascade makes it, sends `kind:key` on `cache_invalidation` (old and new key), delivered to every
 * listening instance when the transaction commits and never when it rolls back. Identical notifications of
 * one transaction are sent once.
 */
export class Migration0009CacheInvalidation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function announce_cache_change() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          perform pg_notify('cache_invalidation', tg_argv[0] || ':' || (to_jsonb(old) ->> tg_argv[1]));
        end if;
        if tg_op <> 'DELETE' then
          perform pg_notify('cache_invalidation', tg_argv[0] || ':' || (to_jsonb(new) ->> tg_argv[1]));
        end if;
        return null;
      end
      $$;
    `);
    for (const { table, on, kind, key } of ANNOUNCED) {
      this.addSql(
        `create trigger ${table}_announce_cache_change after ${on} on ${table} ` +
          `for each row execute function announce_cache_change('${kind}', '${key}');`,
      );
    }
  }
}

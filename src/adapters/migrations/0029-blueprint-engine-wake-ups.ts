import { Migration } from '@mikro-orm/migrations';

/**
 * Wake-ups of the blueprint engines of every instance (src/adapters/blueprints/postgres/engine-wake-ups.ts):
 * the database itself sends `runs` on `blueprint_engine` when a blueprint run is queued and admitted (created by
 * any path: a manual run, a webhook, a schedule, a replay, a `blueprint` step), and `steps` when a child run of
 * a step finishes (a worker completed a `task`), delivered at commit, and once per transaction however many rows
 * (PostgreSQL folds identical notifications). An engine still polls: a notification missed (LISTEN down) costs
 * at most its poll interval.
 */
export class Migration0029BlueprintEngineWakeUps extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function announce_blueprint_work() returns trigger language plpgsql as $$
      begin
        perform pg_notify('blueprint_engine', tg_argv[0]);
        return null;
      end
      $$;
      create trigger runs_blueprint_queued after insert or update of status, admitted on runs
        for each row when (new.blueprint_id is not null and new.status = 'queued' and new.admitted)
        execute function announce_blueprint_work('runs');
      create trigger runs_child_finished after update of status on runs
        for each row when (new.parent_run_id is not null and old.status is distinct from new.status
          and new.status in ('succeeded', 'failed', 'cancelled'))
        execute function announce_blueprint_work('steps');
    `);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * `map` steps over `task` nodes (CONTRACT section 9): a map step has one child run per element of its input.
 * `runs.step_index` is a child's element index (null for every other run); `steps.map_children` is the map
 * step's child run per element (null where none was created yet), written in the transaction that creates
 * them, under the step's row lock, so a crash never leaves a child the step does not know of.
 */
export class Migration0034MapChildren extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table runs add column step_index integer,
        add constraint runs_step_index check (step_index is null or (step_id is not null and step_index >= 0));
      alter table steps add column map_children jsonb;
    `);
  }
}

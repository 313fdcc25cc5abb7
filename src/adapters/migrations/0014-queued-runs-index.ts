import { Migration } from '@mikro-orm/migrations';

/** The quota of queued runs per mission is counted on every run queued: an index of exactly those rows. */
export class Migration0014QueuedRunsIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index runs_mission_queued_idx on runs (mission_id) where status = 'queued';`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** The W3C `traceparent` a run was queued under: its claim hands it to the worker, whose spans join the trace. */
export class Migration0022RunTraceparent extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table runs add column traceparent text null;');
  }
}

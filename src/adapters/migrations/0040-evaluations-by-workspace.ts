import { Migration } from '@mikro-orm/migrations';

/** A workspace's evaluations, newest first (`GET /api/evaluations?workspace_id=`), read by keyset pages. */
export class Migration0040EvaluationsByWorkspace extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index evaluations_workspace_idx on evaluations (workspace_id, created_at, id)');
  }
}

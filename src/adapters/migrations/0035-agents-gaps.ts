import { Migration } from '@mikro-orm/migrations';

/**
 * The files a user message refers to (CONTRACT section 10, `file_ids`): their ids as sent, in order. No foreign
 * key: a file deleted later keeps its id in the message, and the model is told it was deleted. And a model
 * provider without a key: one a workspace import made (an export holds no key) until `PATCH` gives it one.
 */
export class Migration0035AgentsGaps extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table thread_messages add column file_ids uuid[] not null default '{}'`);
    this.addSql('alter table model_providers alter column api_key_sealed drop not null');
  }
}

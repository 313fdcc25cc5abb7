import { Migration } from '@mikro-orm/migrations';

/**
 * tus uploads (CONTRACT section 11): the lease of the PATCH appending to an upload names its holder, so that
 * only that request renews or gives it back (after a crash another request takes it over once it ran out),
 * and an upload's length may be declared later (the creation-defer-length extension: null until then).
 */
export class Migration0026UploadLeaseHolder extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table file_uploads add column lease_holder uuid;
      alter table file_uploads alter column length drop not null;
    `);
  }
}

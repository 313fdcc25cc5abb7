import { Migration } from '@mikro-orm/migrations';

/**
 * The per-user security epoch: disabling a user or giving them a new password moves them to the next epoch,
 * and a login session (API or browser) is live only in the epoch it started in. Existing rows start at 0.
 */
export class Migration0008IdentityHardening extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table users add column security_epoch integer not null default 0;
      alter table login_sessions add column user_epoch integer not null default 0;
      alter table browser_sessions add column user_epoch integer not null default 0;
    `);
  }
}

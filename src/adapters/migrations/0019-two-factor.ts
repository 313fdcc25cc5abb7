import { Migration } from '@mikro-orm/migrations';

/**
 * Two-factor login (TOTP): one row per user, pending until a first code confirms it (`enabled_at`). The secret
 * is sealed by the secret box (bound to the user); `last_used_step` refuses a code's replay; the unused
 * recovery codes are kept as keyed hashes only, and one is removed as it is used.
 */
export class Migration0019TwoFactor extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table user_two_factor (
        user_id uuid primary key references users (id) on delete cascade,
        sealed_secret text not null,
        enabled_at timestamptz,
        last_used_step bigint,
        recovery_code_hashes text[] not null default '{}',
        created_at timestamptz not null
      );
    `);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * - The e-mail outbox: an e-mail is stored in the transaction of the change that causes it and sent after
 *   the commit by a leased dispatcher. Its content (links with tokens) is sealed at rest and erased once
 *   sent or given up.
 * - Verified e-mail addresses (`email_verified_at`: the address as it is now was proven at that time).
 * - Account tokens (e-mail verification, password reset): only a hash is kept; single use (`used_at`),
 *   bound to the address they were sent to.
 */
export class Migration0013Accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table email_outbox (
        id uuid primary key,
        sealed_content text,
        status text not null check (status in ('pending', 'sent', 'failed')),
        failed_attempts integer not null default 0,
        next_attempt_at timestamptz,
        last_error text,
        lease_token uuid,
        leased_until timestamptz,
        created_at timestamptz not null,
        sent_at timestamptz,
        constraint email_outbox_content_while_pending check ((status = 'pending') = (sealed_content is not null))
      );
      create index email_outbox_due_idx on email_outbox (next_attempt_at) where status = 'pending';

      alter table users add column email_verified_at timestamptz;

      create table account_tokens (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        purpose text not null check (purpose in ('verify_email', 'password_reset')),
        token_hash text not null,
        email text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create unique index account_tokens_hash_key on account_tokens (token_hash);
      create index account_tokens_user_idx on account_tokens (user_id, purpose, created_at);
    `);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** Server-side sessions of the web application (the browser surface); the cookie token is stored hashed. */
export class Migration0004BrowserSessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table browser_sessions (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        token_hash text not null,
        csrf_token text not null,
        created_at timestamptz not null,
        last_seen_at timestamptz not null,
        expires_at timestamptz not null,
        user_agent text,
        ip text
      );
      create unique index browser_sessions_token_hash_key on browser_sessions (token_hash);
      create index browser_sessions_user_idx on browser_sessions (user_id, created_at desc);
    `);
  }
}

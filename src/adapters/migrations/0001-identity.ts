import { Migration } from '@mikro-orm/migrations';

/** Users, personal workspaces and memberships, API login sessions, signing keys, audit events, rate limits. */
export class Migration0001Identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table users (
        id uuid primary key,
        username text not null,
        email text not null,
        display_name text not null,
        password_hash text not null,
        disabled boolean not null default false,
        created_at timestamptz not null
      );
      create unique index users_username_key on users (username);
      create unique index users_email_key on users (email);

      create table workspaces (
        id uuid primary key,
        name text not null,
        personal boolean not null default false,
        created_at timestamptz not null
      );

      create table memberships (
        workspace_id uuid not null references workspaces (id) on delete cascade,
        user_id uuid not null references users (id) on delete cascade,
        role text not null check (role in ('owner', 'admin', 'member')),
        created_at timestamptz not null,
        primary key (workspace_id, user_id)
      );
      create index memberships_user_idx on memberships (user_id);

      create table login_sessions (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        created_at timestamptz not null,
        last_used_at timestamptz not null,
        expires_at timestamptz not null,
        user_agent text,
        ip text,
        generation integer not null default 0,
        rotated_at timestamptz,
        revoked_at timestamptz,
        revoked_reason text
      );
      create index login_sessions_user_idx on login_sessions (user_id, created_at desc);

      create table signing_keys (
        kid text primary key,
        algorithm text not null,
        public_jwk jsonb,
        private_key_encrypted text not null,
        created_at timestamptz not null,
        retired_at timestamptz
      );
      -- Backstop to the advisory lock: one current key per algorithm.
      create unique index signing_keys_current_key on signing_keys (algorithm) where retired_at is null;

      create table audit_events (
        id uuid primary key,
        type text not null,
        user_id uuid,
        session_id uuid,
        ip text,
        details jsonb not null default '{}',
        created_at timestamptz not null
      );
      create index audit_events_user_idx on audit_events (user_id, created_at desc);

      create table rate_limits (
        key varchar(255) primary key,
        points integer not null default 0,
        expire bigint
      );
    `);
  }
}

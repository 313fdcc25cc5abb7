import { Migration } from '@mikro-orm/migrations';

/**
 * Workspace API keys. Only a SHA-256 of each key's secret is stored; `key_id` (the public part of the key)
 * finds it. Deleting the workspace deletes its keys, so they stop working with it.
 */
export class Migration0005ApiKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table api_keys (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        key_id text not null,
        secret_hash text not null,
        name text not null,
        role text not null check (role in ('admin', 'member')),
        created_by uuid references users (id) on delete set null,
        created_at timestamptz not null,
        last_used_at timestamptz,
        expires_at timestamptz,
        revoked_at timestamptz
      );
      create unique index api_keys_key_id_key on api_keys (key_id);
      create index api_keys_workspace_idx on api_keys (workspace_id, created_at, id) where revoked_at is null;
    `);
  }
}

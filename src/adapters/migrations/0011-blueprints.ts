import { Migration } from '@mikro-orm/migrations';

/**
 * Blueprints and their immutable versions. A version's graph is `json`, not `jsonb`: it is answered as it
 * was sent (key order and number text kept); its digest is over the canonical form anyway.
 */
export class Migration0011Blueprints extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table blueprints (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        name text not null,
        description text,
        latest_version integer not null check (latest_version >= 1),
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index blueprints_workspace_idx on blueprints (workspace_id, created_at desc, id desc);
      create table blueprint_versions (
        id uuid not null unique,
        blueprint_id uuid not null references blueprints (id) on delete cascade,
        version integer not null check (version >= 1),
        graph json not null,
        digest text not null check (digest ~ '^[0-9a-f]{64}$'),
        note text,
        created_by uuid references users (id) on delete set null,
        created_at timestamptz not null,
        primary key (blueprint_id, version)
      );
      create index blueprint_versions_list_idx on blueprint_versions (blueprint_id, created_at, id);
    `);
  }
}

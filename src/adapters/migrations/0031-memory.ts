import { Migration } from '@mikro-orm/migrations';

/**
 * Memory items (CONTRACT section 12): a JSON object per workspace, namespace and key, with an optional expiry.
 * A namespace is also kept as its labels joined by dots with a final dot (`users.42.`, in the "C" collation),
 * so that a prefix search is a range scan of an index. The value's strings are indexed for full-text search (a generated tsvector, GIN) and the value for
 * containment filters (GIN jsonb_path_ops); expired items are found for the sweeper by a partial index. A
 * thread remembers the person who started it, whose memory the agent `memory` tool reads and writes.
 */
export class Migration0031Memory extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table memory_items (
        workspace_id uuid not null references workspaces (id) on delete cascade,
        namespace text[] not null,
        path text collate "C" not null,
        key text not null,
        value jsonb not null,
        search tsvector generated always as (jsonb_to_tsvector('english', value, '["string"]')) stored,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        expires_at timestamptz,
        primary key (workspace_id, namespace, key)
      );
      create index memory_items_path_idx on memory_items (workspace_id, path);
      create index memory_items_recent_idx on memory_items (workspace_id, updated_at desc);
      create index memory_items_value_idx on memory_items using gin (value jsonb_path_ops);
      create index memory_items_search_idx on memory_items using gin (search);
      create index memory_items_expiry_idx on memory_items (expires_at) where expires_at is not null;
      alter table threads add column created_by uuid references users (id) on delete set null;
    `);
  }
}

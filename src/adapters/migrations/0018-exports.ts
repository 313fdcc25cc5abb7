import { Migration } from '@mikro-orm/migrations';

/**
 * Exports as background jobs (CONTRACT section 11): any instance takes a waiting one (`for update skip
 * locked`) under a lease it renews while it writes; an expired lease lets another instance start it again.
 */
export class Migration0018Exports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table exports (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        kind text not null check (kind in ('runs', 'audit_events', 'workspace')),
        format text not null check (format in ('ndjson', 'csv', 'json')),
        filter jsonb not null,
        status text not null check (status in ('queued', 'running', 'succeeded', 'failed')),
        file_id uuid references files (id) on delete set null,
        row_count bigint,
        error text,
        requested_by uuid references users (id) on delete set null,
        attempts integer not null default 0,
        lease_expires_at timestamptz,
        created_at timestamptz not null,
        started_at timestamptz,
        finished_at timestamptz
      );
      create index exports_takeable_idx on exports (created_at, id) where status in ('queued', 'running');
    `);
  }
}

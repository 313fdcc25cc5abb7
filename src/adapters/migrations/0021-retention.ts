import { Migration } from '@mikro-orm/migrations';

/**
 * Retention (issue 26): the days a workspace set for itself, per setting (null follows the instance's
 * `RETENTION_*` default); a row only for workspaces that set something. The purge reads them all.
 */
export class Migration0021Retention extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table workspace_retention (
        workspace_id uuid primary key references workspaces (id) on delete cascade,
        idempotency_keys_days integer check (idempotency_keys_days between 1 and 3650),
        delivery_bodies_days integer check (delivery_bodies_days between 1 and 3650),
        runs_days integer check (runs_days between 1 and 3650),
        files_days integer check (files_days between 1 and 3650),
        audit_days integer check (audit_days between 365 and 3650),
        updated_at timestamptz not null
      );
      create index runs_finished_idx on runs (finished_at) where status in ('succeeded', 'failed', 'cancelled');
      create index audit_events_created_idx on audit_events (created_at);
      create index webhook_deliveries_received_idx on webhook_deliveries (received_at);
    `);
  }
}

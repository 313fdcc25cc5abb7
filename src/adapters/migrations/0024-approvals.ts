import { Migration } from '@mikro-orm/migrations';

/**
 * Approvals (CONTRACT section 9): a person's decision a run waits for, opened by an `approval` step (its
 * `steps.approval_id`) or an agent's tool call. `approvals_expiry_idx` is the expiry sweep's range scan;
 * `approvals_run_idx` finds a finished run's pending ones, and serves the cascade when runs are deleted. Outbound webhooks gain `approval.requested`.
 */
export class Migration0024Approvals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table approvals (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        run_id uuid not null references runs (id) on delete cascade,
        node_id text,
        tool_call_id text,
        title text not null,
        payload jsonb,
        status text not null check (status in ('pending', 'approved', 'rejected', 'expired')),
        decided_by text,
        comment text,
        created_at timestamptz not null,
        expires_at timestamptz,
        decided_at timestamptz,
        check ((status = 'pending') = (decided_at is null))
      );
      create index approvals_workspace_idx on approvals (workspace_id, created_at desc, id desc);
      create index approvals_workspace_status_idx on approvals (workspace_id, status, created_at desc, id desc);
      create index approvals_expiry_idx on approvals (expires_at) where status = 'pending' and expires_at is not null;
      -- Not partial: deleting runs (retention, a workspace) looks their approvals up by it.
      create index approvals_run_idx on approvals (run_id);

      alter table steps add column approval_id uuid;

      alter table webhook_endpoints
        drop constraint webhook_endpoints_event_types_check,
        add constraint webhook_endpoints_event_types_check check (cardinality(event_types) > 0
          and event_types <@ array['run.succeeded', 'run.failed', 'run.cancelled', 'approval.requested']);
    `);
  }
}

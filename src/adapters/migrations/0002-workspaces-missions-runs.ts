import { Migration } from '@mikro-orm/migrations';

/**
 * Missions and their runs (the worker queue). `runs.trigger_id` and `runs.delivery_id` get their foreign keys
 * in the triggers migrations; deleting a workspace or mission deletes its runs.
 */
export class Migration0002WorkspacesMissionsRuns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index memberships_workspace_idx on memberships (workspace_id, created_at, user_id);

      create table missions (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        name text not null,
        description text,
        definition jsonb not null default '{}',
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index missions_workspace_idx on missions (workspace_id, created_at desc, id desc);

      create table runs (
        id uuid primary key,
        mission_id uuid not null references missions (id) on delete cascade,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        status text not null check (status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
        trigger_type text not null check (trigger_type in ('manual', 'webhook')),
        trigger_id uuid,
        delivery_id uuid,
        input jsonb,
        output jsonb,
        error jsonb,
        attempt integer not null default 1 check (attempt >= 1),
        lease_owner text,
        lease_expires_at timestamptz,
        created_at timestamptz not null,
        started_at timestamptz,
        finished_at timestamptz,
        constraint runs_lease_only_while_running
          check ((status = 'running') = (lease_owner is not null and lease_expires_at is not null))
      );
      create index runs_workspace_idx on runs (workspace_id, created_at desc, id desc);
      create index runs_workspace_status_idx on runs (workspace_id, status, created_at desc, id desc);
      create index runs_mission_idx on runs (mission_id, created_at desc, id desc);
      -- the worker queue: oldest queued run first, per workspace
      create index runs_queue_idx on runs (workspace_id, created_at, id) where status = 'queued';
      -- the lease sweeps: of one workspace (every claim) and of all (the periodic sweep)
      create index runs_workspace_lease_idx on runs (workspace_id, lease_expires_at) where status = 'running';
      create index runs_lease_idx on runs (lease_expires_at) where status = 'running';
    `);
  }
}

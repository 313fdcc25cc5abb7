import { Migration } from '@mikro-orm/migrations';

/**
 * The blueprint engine (CONTRACT section 9). A mission may run a blueprint (`blueprint_id`, a pinned
 * `blueprint_version` or none for the latest); a blueprint in use cannot be deleted (the foreign key). Its runs
 * carry the blueprint and the version they use, and are carried out by the server: running without a worker
 * lease. A `task` or `blueprint` step's child run names its parent run and step; a replay names its original.
 * `steps` holds one row per node of a blueprint run: `due_at` is when the engine must next act on the step
 * (ready, a retry's backoff, a wait's end, an in-process step's lease, a finished child), so the engine's
 * one query is a range scan of `steps_due_idx` taking rows with SKIP LOCKED.
 */
export class Migration0017BlueprintEngine extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table missions
        -- no action (checked at the end of the statement), not restrict: deleting a workspace deletes its
        -- blueprints and its missions in one statement.
        add column blueprint_id uuid references blueprints (id),
        add column blueprint_version integer check (blueprint_version >= 1),
        add constraint missions_blueprint_version check (blueprint_version is null or blueprint_id is not null);
      create index missions_blueprint_idx on missions (blueprint_id) where blueprint_id is not null;

      alter table runs
        add column blueprint_id uuid,
        add column blueprint_version integer,
        add column parent_run_id uuid references runs (id) on delete cascade,
        add column step_id text,
        add column task_type text,
        add column replay_of uuid references runs (id) on delete set null,
        drop constraint runs_lease_only_while_running,
        add constraint runs_lease_only_while_running
          check ((status = 'running' and blueprint_id is null) = (lease_owner is not null and lease_expires_at is not null)),
        add constraint runs_child_step check ((parent_run_id is null) = (step_id is null));
      create index runs_children_idx on runs (parent_run_id, created_at desc, id desc) where parent_run_id is not null;
      create index runs_top_level_idx on runs (workspace_id, created_at desc, id desc) where parent_run_id is null;
      -- The engine's queue of blueprint runs to start, and of running ones to time out.
      create index runs_engine_queue_idx on runs (not_before, id)
        where status = 'queued' and admitted and blueprint_id is not null;
      create index runs_engine_timeout_idx on runs (timeout_at) where status = 'running' and blueprint_id is not null;

      -- A blueprint run's step changes are events of its log.
      alter table run_events drop constraint run_events_type_check,
        add constraint run_events_type_check check (type in ('log', 'progress', 'output', 'status', 'step'));

      create table steps (
        run_id uuid not null references runs (id) on delete cascade,
        node_id text not null,
        position integer not null,
        kind text not null,
        status text not null
          check (status in ('pending', 'running', 'waiting', 'succeeded', 'failed', 'skipped', 'cancelled')),
        attempt integer not null default 1 check (attempt >= 1),
        starts integer not null default 0,
        input jsonb,
        output jsonb,
        error jsonb,
        taken_edges integer[],
        child_run_id uuid,
        due_at timestamptz,
        started_at timestamptz,
        finished_at timestamptz,
        primary key (run_id, node_id)
      );
      create index steps_due_idx on steps (due_at) where due_at is not null;
      create index steps_child_idx on steps (child_run_id) where child_run_id is not null;
    `);
  }
}

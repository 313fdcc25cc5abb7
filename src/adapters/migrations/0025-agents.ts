import { Migration } from '@mikro-orm/migrations';

/**
 * Agents, threads and their runs (CONTRACT section 10). An agent's versions are immutable rows; a thread's
 * messages form a tree (`parent_id`), ordered by `position`. A thread's answer is a run with `agent_id`,
 * `agent_version` and `thread_id` and no mission, carried out by the server (never leased to a worker); at most
 * one run of a thread is queued or running (`runs_thread_active_idx`). `agent_runs` holds what the server needs
 * to carry one out across restarts and instances: `due_at` (when an instance must next act on it; instances
 * take due rows with SKIP LOCKED and hold them under a lease, `lease_owner`), the child run a tool call waits
 * for, the model calls made and the tokens used.
 */
export class Migration0025Agents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table agents (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        name text not null check (length(name) between 1 and 100),
        description text not null default '',
        latest_version integer not null check (latest_version >= 1),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        unique (workspace_id, name)
      );
      create index agents_workspace_idx on agents (workspace_id, created_at, id);
      create table agent_versions (
        agent_id uuid not null references agents (id) on delete cascade,
        version integer not null check (version >= 1),
        provider_id uuid not null,
        model text not null,
        instructions text not null,
        tools jsonb not null,
        settings jsonb not null,
        created_by uuid,
        created_at timestamptz not null,
        primary key (agent_id, version)
      );
      create table threads (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        agent_id uuid not null references agents (id) on delete cascade,
        metadata jsonb,
        created_at timestamptz not null
      );
      create index threads_workspace_idx on threads (workspace_id, created_at, id);
      create table thread_messages (
        id uuid primary key,
        thread_id uuid not null references threads (id) on delete cascade,
        position bigint generated always as identity,
        parent_id uuid references thread_messages (id) on delete cascade,
        role text not null check (role in ('user', 'assistant', 'tool')),
        content text not null,
        tool_calls jsonb,
        tool_call_id text,
        run_id uuid,
        created_at timestamptz not null
      );
      create index thread_messages_thread_idx on thread_messages (thread_id, position);
      create index thread_messages_run_idx on thread_messages (run_id, position) where run_id is not null;

      alter table runs
        alter column mission_id drop not null,
        add column agent_id uuid,
        add column agent_version integer,
        add column thread_id uuid references threads (id) on delete cascade,
        drop constraint runs_lease_only_while_running,
        add constraint runs_lease_only_while_running
          check ((status = 'running' and blueprint_id is null and agent_id is null)
            = (lease_owner is not null and lease_expires_at is not null)),
        add constraint runs_mission_or_agent
          check (mission_id is not null or agent_id is not null or parent_run_id is not null);
      create index runs_thread_idx on runs (thread_id) where thread_id is not null;
      create unique index runs_thread_active_idx on runs (thread_id)
        where thread_id is not null and status in ('queued', 'running');
      alter table run_events drop constraint run_events_type_check,
        add constraint run_events_type_check check (type in ('log', 'progress', 'output', 'status', 'step',
          'message.delta', 'tool.call', 'tool.result', 'usage'));

      create table agent_runs (
        run_id uuid primary key references runs (id) on delete cascade,
        due_at timestamptz,
        lease_owner text,
        waiting jsonb,
        model_calls integer not null default 0,
        input_tokens bigint not null default 0,
        output_tokens bigint not null default 0
      );
      create index agent_runs_due_idx on agent_runs (due_at) where due_at is not null;
    `);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Datasets, their items, and evaluations (CONTRACT section 13). An evaluation copies its dataset's items into
 * `evaluation_items` when it starts (later changes to the dataset leave it alone); each row then moves
 * `pending` -> `running` (its one run queued, in the transaction that marks it: `run_id`) -> `scoring` (the
 * run finished, told in the run's transaction) -> `done` (scored by an instance holding the row's lease).
 * Runs gain the `evaluation` trigger: `evaluation_id` and `evaluation_item_id`, at most one run per item (a
 * unique index backs the rule that no item runs twice, however many instances start items).
 */
export class Migration0033Evaluations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table runs
        add column evaluation_id uuid,
        add column evaluation_item_id uuid,
        drop constraint runs_trigger_type_check,
        add constraint runs_trigger_type_check
          check (trigger_type in ('manual', 'webhook', 'schedule', 'evaluation')),
        add constraint runs_evaluation_trigger
          check ((trigger_type = 'evaluation') = (evaluation_id is not null and evaluation_item_id is not null));
      create unique index runs_evaluation_item_idx on runs (evaluation_id, evaluation_item_id)
        where evaluation_id is not null;

      create table datasets (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        name text not null check (length(name) between 1 and 100),
        description text not null default '',
        created_at timestamptz not null
      );
      create index datasets_workspace_idx on datasets (workspace_id, created_at, id);
      create table dataset_items (
        id uuid primary key,
        dataset_id uuid not null references datasets (id) on delete cascade,
        input jsonb not null,
        expected jsonb,
        metadata jsonb,
        created_at timestamptz not null
      );
      create index dataset_items_dataset_idx on dataset_items (dataset_id, created_at, id);

      create table evaluations (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        dataset_id uuid not null references datasets (id) on delete cascade,
        name text not null,
        target jsonb not null,
        scorers jsonb not null,
        concurrency integer not null check (concurrency between 1 and 32),
        status text not null check (status in ('running', 'succeeded', 'failed', 'cancelled')),
        total integer not null,
        error text,
        created_by uuid,
        created_at timestamptz not null,
        finished_at timestamptz
      );
      create index evaluations_running_idx on evaluations (created_at, id) where status = 'running';
      create index evaluations_dataset_idx on evaluations (dataset_id);
      create table evaluation_items (
        evaluation_id uuid not null references evaluations (id) on delete cascade,
        item_id uuid not null,
        created_at timestamptz not null,
        input jsonb not null,
        expected jsonb,
        status text not null check (status in ('pending', 'running', 'scoring', 'done')),
        run_id uuid,
        output jsonb,
        error jsonb,
        latency_ms integer,
        input_tokens bigint not null default 0,
        output_tokens bigint not null default 0,
        scores jsonb,
        score_errors jsonb,
        lease_owner text,
        lease_expires_at timestamptz,
        primary key (evaluation_id, item_id)
      );
      create index evaluation_items_status_idx on evaluation_items (evaluation_id, status, created_at, item_id);
      create index evaluation_items_run_idx on evaluation_items (run_id) where run_id is not null;
      create index evaluation_items_scoring_idx on evaluation_items (lease_expires_at nulls first)
        where status = 'scoring';
    `);
  }
}

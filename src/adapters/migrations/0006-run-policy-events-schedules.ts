import { Migration } from '@mikro-orm/migrations';

/**
 * Run policies, run events and schedules (CONTRACT section 7). A mission's `policy` is copied onto each run it queues. Concurrency
 * caps work by admission: a capped run holds a slot of its group (`mission_id`, `concurrency_key`) from the
 * moment it is admitted until it finishes, so a claim never has to count or skip anything: it takes the
 * admitted, due run with the earliest `not_before`.
 */
export class Migration0006RunPolicyEventsSchedules extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table missions add column policy jsonb not null
        default '{"timeoutSeconds":null,"maxAttempts":null,"retryBackoffSeconds":null,"concurrencyLimit":null,"concurrencyKey":null}';

      alter table runs
        add column policy jsonb not null
          default '{"timeoutSeconds":null,"maxAttempts":null,"retryBackoffSeconds":null,"concurrencyLimit":null,"concurrencyKey":null}',
        add column concurrency_key text,
        add column admitted boolean not null default true,
        add column not_before timestamptz,
        add column timeout_at timestamptz;
      update runs set not_before = created_at, admitted = status in ('queued', 'running');
      alter table runs
        alter column not_before set not null,
        add constraint runs_admitted_only_while_active check (not admitted or status in ('queued', 'running')),
        add constraint runs_timeout_only_while_running check (timeout_at is null or status = 'running');

      -- The claim: a range scan of this index from the workspace's first entry up to not_before = now,
      -- taking the first row no other claim holds (SKIP LOCKED). Runs waiting for a slot (not admitted) or
      -- for their backoff (not_before ahead) are not in the scanned range, so a claim reads only claimable
      -- runs, however many others are queued (EXPLAIN: 5 buffers with 250,000 waiting runs ahead of it).
      drop index runs_queue_idx;
      create index runs_claim_idx on runs (workspace_id, not_before, id) where status = 'queued' and admitted;
      -- Admission: the slots a group holds (at most its limit), and its oldest waiting run.
      create index runs_slots_idx on runs (mission_id, concurrency_key) where admitted and concurrency_key is not null;
      create index runs_waiting_idx on runs (mission_id, concurrency_key, created_at, id)
        where status = 'queued' and not admitted;

      -- Run events: seq numbered from events_seq under the run's row lock (no gaps); events_count and
      -- events_bytes hold what the cap counts (worker events only).
      alter table runs
        add column events_seq integer not null default 0,
        add column events_count integer not null default 0,
        add column events_bytes bigint not null default 0;
      create table run_events (
        run_id uuid not null references runs (id) on delete cascade,
        seq integer not null check (seq >= 1),
        type text not null check (type in ('log', 'progress', 'output', 'status')),
        level text check (level in ('debug', 'info', 'warn', 'error')),
        message text,
        data jsonb,
        at timestamptz not null,
        bytes integer not null,
        primary key (run_id, seq)
      );

      -- Schedules. A run keeps its schedule's id after the schedule is deleted (no foreign key): the unique
      -- index below is what makes a fire time queue one run, however many instances fire it.
      create table schedules (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        mission_id uuid not null references missions (id) on delete cascade,
        name text not null,
        cron text not null,
        timezone text not null,
        input jsonb,
        enabled boolean not null,
        next_fire_at timestamptz,
        last_fire_time timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint schedules_next_fire_only_while_enabled check (enabled or next_fire_at is null)
      );
      create index schedules_workspace_idx on schedules (workspace_id, created_at desc, id desc);
      -- The dispatcher: due schedules, soonest first.
      create index schedules_due_idx on schedules (next_fire_at) where enabled;
      alter table runs
        add column schedule_id uuid,
        add column fire_time timestamptz,
        drop constraint runs_trigger_type_check,
        add constraint runs_trigger_type_check check (trigger_type in ('manual', 'webhook', 'schedule')),
        add constraint runs_schedule_fire check ((trigger_type = 'schedule') = (schedule_id is not null and fire_time is not null));
      create unique index runs_schedule_fire_key on runs (schedule_id, fire_time) where schedule_id is not null;
    `);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook triggers and their delivery log, and the foreign keys of `runs.trigger_id` / `runs.delivery_id`.
 *
 * - A trigger is never deleted as a row while its mission lives: deleting one sets `deleted_at` and destroys
 *   its sealed secrets, so its path stays taken (a URL that once started runs never starts another
 *   trigger's) and its runs keep their delivery.
 * - The raw body of a delivery is stored once, in `webhook_deliveries.body` (a webhook run's input is built
 *   from it when read), uncompressed (`STORAGE EXTERNAL`): compressing and re-parsing large bodies cost
 *   PostgreSQL several milliseconds per delivery for no gain on already-compact payloads.
 * - Idempotency: `dedupe_open` marks the accepted delivery that currently holds its (trigger, key) slot;
 *   a unique partial index on it makes concurrent repeats wait for and see the first one. A slot older than
 *   the 24 h window is closed (set false) before a new delivery takes the key.
 * - `run_id` names the run the delivery started; the run is inserted after the delivery in the same
 *   transaction, so that key is checked at commit.
 */
export class Migration0003WebhookTriggers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table triggers (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        mission_id uuid not null references missions (id) on delete cascade,
        name text not null,
        enabled boolean not null,
        webhook_path text not null check (webhook_path ~ '^[A-Za-z0-9_-]{8,128}$'),
        max_body_bytes integer not null check (max_body_bytes between 1 and 16777216),
        require_timestamp boolean not null,
        require_idempotency_key boolean not null,
        signing_secret_sealed text,
        previous_secret_sealed text,
        previous_secret_expires_at timestamptz,
        version integer not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        deleted_at timestamptz,
        constraint triggers_live_has_secret check (deleted_at is not null or signing_secret_sealed is not null)
      );
      create unique index triggers_webhook_path_key on triggers (webhook_path);
      create index triggers_workspace_idx on triggers (workspace_id, created_at, id) where deleted_at is null;
      create index triggers_mission_idx on triggers (mission_id, created_at, id) where deleted_at is null;

      create table webhook_deliveries (
        id uuid primary key,
        trigger_id uuid not null references triggers (id) on delete cascade,
        status text not null check (status in ('accepted', 'duplicate', 'rejected')),
        reason text,
        received_at timestamptz not null,
        source_ip text,
        size_bytes bigint not null,
        content_type text,
        headers jsonb,
        query jsonb,
        body bytea,
        body_purged_at timestamptz,
        signature_scheme text,
        idempotency_key text,
        dedupe_open boolean not null default false,
        duplicate_of uuid references webhook_deliveries (id) on delete cascade,
        run_id uuid references runs (id) on delete set null deferrable initially deferred,
        constraint webhook_deliveries_only_accepted_keep_bodies check (status = 'accepted' or body is null),
        constraint webhook_deliveries_dedupe_needs_key check (not dedupe_open or idempotency_key is not null)
      );
      alter table webhook_deliveries alter column body set storage external;
      create unique index webhook_deliveries_dedupe_key
        on webhook_deliveries (trigger_id, idempotency_key) where dedupe_open;
      create index webhook_deliveries_trigger_idx on webhook_deliveries (trigger_id, received_at desc, id desc);
      create index webhook_deliveries_trigger_status_idx
        on webhook_deliveries (trigger_id, status, received_at desc, id desc);
      -- the retention job: bodies still held, and log entries, by age
      create index webhook_deliveries_body_age_idx on webhook_deliveries (received_at) where body is not null;
      create index webhook_deliveries_entry_age_idx on webhook_deliveries (received_at) where status <> 'accepted';

      alter table runs
        add constraint runs_trigger_fk foreign key (trigger_id) references triggers (id) on delete cascade,
        add constraint runs_delivery_fk foreign key (delivery_id) references webhook_deliveries (id) on delete cascade;
      create index runs_delivery_idx on runs (delivery_id) where delivery_id is not null;
      create index runs_trigger_idx on runs (trigger_id) where trigger_id is not null;
    `);
  }
}

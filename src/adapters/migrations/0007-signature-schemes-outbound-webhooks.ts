import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks both ways (CONTRACT section 8).
 *
 * - `triggers.signature_scheme`: how a trigger's deliveries are signed; existing triggers keep the platform
 *   scheme.
 * - `webhook_endpoints`: where a workspace's run outcomes are sent; secrets sealed like trigger secrets.
 * - `webhook_messages`: the transactional outbox, written in the transaction of the run's state change.
 *   A dispatcher leases due rows (`lease_token`, `leased_until`) with FOR UPDATE SKIP LOCKED, sends after
 *   the commit, and records the attempt only while its lease still holds.
 * - `webhook_attempts`: one row per attempt (status code, duration, error), shown in the message log.
 */
export class Migration0007SignatureSchemesOutboundWebhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table triggers
        add column signature_scheme text not null default 'platform'
          check (signature_scheme in ('platform', 'github', 'stripe', 'slack', 'standard-webhooks', 'shopify'));

      create table webhook_endpoints (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        url text not null check (length(url) <= 2048),
        description text,
        event_types text[] not null check (cardinality(event_types) > 0
          and event_types <@ array['run.succeeded', 'run.failed', 'run.cancelled']),
        enabled boolean not null,
        disabled_reason text check (disabled_reason in ('by_user', 'gone')),
        signing_secret_sealed text not null,
        previous_secret_sealed text,
        previous_secret_expires_at timestamptz,
        version integer not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index webhook_endpoints_workspace_idx on webhook_endpoints (workspace_id, created_at, id);

      create table webhook_messages (
        id uuid primary key,
        endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        event_type text not null,
        payload jsonb not null,
        status text not null check (status in ('pending', 'delivered', 'failed')),
        failed_attempts integer not null,
        next_attempt_at timestamptz,
        lease_token uuid,
        leased_until timestamptz,
        created_at timestamptz not null,
        constraint webhook_messages_pending_is_due check ((status = 'pending') = (next_attempt_at is not null))
      );
      -- the dispatcher's claim: pending messages by due time
      create index webhook_messages_due_idx on webhook_messages (next_attempt_at) where status = 'pending';
      create index webhook_messages_endpoint_idx on webhook_messages (endpoint_id, created_at desc, id desc);

      create table webhook_attempts (
        id uuid primary key,
        message_id uuid not null references webhook_messages (id) on delete cascade,
        attempted_at timestamptz not null,
        duration_ms integer not null,
        response_status integer,
        error text,
        outcome text not null check (outcome in ('succeeded', 'failed'))
      );
      create index webhook_attempts_message_idx on webhook_attempts (message_id, attempted_at, id);
    `);
  }
}

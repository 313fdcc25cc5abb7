import { Migration } from '@mikro-orm/migrations';

/**
 * The audit API (issue 26): each event names the workspace it happened in, the API key that acted (when a key
 * did) and its target, so that a workspace's events and a person's own can be listed and filtered by action,
 * actor, target and time, newest first, with keyset paging on (created_at, id). The workspace and key of
 * earlier API key events are taken from their details.
 */
export class Migration0015AuditApi extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table audit_events add column workspace_id uuid;
      alter table audit_events add column api_key_id uuid;
      alter table audit_events add column target_type text;
      alter table audit_events add column target_id text;

      update audit_events set
        workspace_id = (details ->> 'workspace_id')::uuid,
        api_key_id = (details ->> 'by_api_key_id')::uuid,
        target_type = case when details ? 'api_key_id' then 'api_key' end,
        target_id = details ->> 'api_key_id'
      where details ? 'workspace_id' or details ? 'by_api_key_id';

      drop index audit_events_user_idx;
      create index audit_events_user_idx on audit_events (user_id, created_at desc, id desc);
      create index audit_events_workspace_idx on audit_events (workspace_id, created_at desc, id desc)
        where workspace_id is not null;
    `);
  }
}

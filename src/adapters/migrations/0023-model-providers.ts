import { Migration } from '@mikro-orm/migrations';

/**
 * Model providers of a workspace (CONTRACT section 10): the wire format, where it is reached (null: the kind's
 * default) and the API key, sealed with the webhook SecretBox under `model-provider-key:<id>`.
 */
export class Migration0023ModelProviders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table model_providers (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        name text not null check (length(name) between 1 and 100),
        kind text not null check (kind in ('openai', 'anthropic')),
        base_url text check (length(base_url) <= 2048),
        api_key_sealed text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index model_providers_workspace_idx on model_providers (workspace_id, created_at, id);
    `);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Knowledge bases, their documents and the documents' chunks (CONTRACT section 12). A chunk keeps its text's
 * `tsvector` (generated with its knowledge base's text search configuration, GIN-indexed), its document's
 * title and metadata (GIN `jsonb_path_ops` for the `@>` filters) and, with `VECTOR_INDEX=exact`, its embedding
 * as `real[]` of unit length, compared exactly by `knowledge_cosine`. Documents are ingested in the background:
 * any instance takes a `processing` one (`for update skip locked`) under a lease it renews.
 */
export class Migration0030Knowledge extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table knowledge_bases (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        name text not null,
        language regconfig not null,
        embedding_provider_id uuid references model_providers (id) on delete set null,
        embedding_model text,
        created_at timestamptz not null
      );
      create index knowledge_bases_workspace_idx on knowledge_bases (workspace_id, created_at, id);

      create table knowledge_documents (
        id uuid primary key,
        knowledge_base_id uuid not null references knowledge_bases (id) on delete cascade,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        title text not null,
        file_id uuid references files (id) on delete set null,
        source_text text,
        metadata jsonb not null,
        status text not null check (status in ('processing', 'ready', 'failed')),
        chunk_count integer,
        error text,
        attempts integer not null default 0,
        lease_expires_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index knowledge_documents_base_idx on knowledge_documents (knowledge_base_id, created_at, id);
      create index knowledge_documents_takeable_idx on knowledge_documents (created_at, id)
        where status = 'processing';

      create table knowledge_chunks (
        document_id uuid not null references knowledge_documents (id) on delete cascade,
        chunk_index integer not null,
        knowledge_base_id uuid not null references knowledge_bases (id) on delete cascade,
        language regconfig not null,
        title text not null,
        text text not null,
        start_offset integer not null,
        end_offset integer not null,
        metadata jsonb not null,
        embedding real[],
        tsv tsvector generated always as (to_tsvector(language, text)) stored,
        primary key (document_id, chunk_index)
      );
      create index knowledge_chunks_base_idx on knowledge_chunks (knowledge_base_id);
      create index knowledge_chunks_tsv_idx on knowledge_chunks using gin (tsv);
      create index knowledge_chunks_metadata_idx on knowledge_chunks using gin (metadata jsonb_path_ops);

      create function knowledge_cosine(a real[], b real[]) returns double precision
        language sql immutable parallel safe strict
        return (select sum(x::double precision * y) from unnest(a, b) as t (x, y));
    `);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Files (CONTRACT section 11). `files` holds the metadata; `file_chunks` the bytes of the `postgres` storage,
 * by object key (a file's or an unfinished upload's id) and the offset of each chunk's first byte, so that
 * appends of any size (a resumed upload) and range reads are index lookups. Chunks carry no foreign key: they
 * are written before their file exists, and removed by the storage when the file goes (an object whose file
 * and upload are both gone is swept). `file_uploads` are the tus uploads not yet finished.
 */
export class Migration0010Files extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table files (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        name text not null,
        content_type text not null,
        size bigint not null check (size >= 0),
        sha256 text not null,
        created_by uuid references users (id) on delete set null,
        created_at timestamptz not null
      );
      create index files_workspace_idx on files (workspace_id, created_at, id);
      create table file_chunks (
        object_key uuid not null,
        byte_offset bigint not null,
        data bytea not null,
        created_at timestamptz not null default now(),
        primary key (object_key, byte_offset)
      );
      -- Stored out of line and never compressed: most uploads (media, archives) are compressed already, and
      -- PostgreSQL would try pglz on every chunk, written and read, for nothing.
      alter table file_chunks alter column data set storage external;
      create index file_chunks_created_idx on file_chunks (created_at);
      create table file_uploads (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        name text not null,
        content_type text not null,
        length bigint not null check (length >= 0),
        created_by uuid references users (id) on delete set null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        leased_until timestamptz
      );
      create index file_uploads_expires_idx on file_uploads (expires_at);
    `);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Feedback on runs (CONTRACT section 13): a score in [0, 1], a label, a comment (at least one), from a member,
 * a key or a signed link. Summaries join the runs (mission, agent) and count in SQL. A feedback link is accepted
 * once: its use is kept, as a SHA-256 of the token, until the link expires.
 */
export class Migration0032Feedback extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table feedback (
        id uuid primary key,
        run_id uuid not null references runs (id) on delete cascade,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        score double precision check (score >= 0 and score <= 1),
        label text,
        comment text,
        source text not null check (source in ('user', 'api_key', 'link')),
        created_by uuid references users (id) on delete set null,
        created_at timestamptz not null,
        check (score is not null or label is not null or comment is not null)
      );
      create index feedback_run_idx on feedback (run_id, created_at, id);
      create index feedback_workspace_idx on feedback (workspace_id, created_at);
      create table feedback_link_uses (
        token_sha256 text primary key,
        run_id uuid not null references runs (id) on delete cascade,
        expires_at timestamptz not null
      );
      create index feedback_link_uses_expiry_idx on feedback_link_uses (expires_at);
    `);
  }
}

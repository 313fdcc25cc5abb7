import { Migration } from '@mikro-orm/migrations';

/**
 * - The per-user security epoch: disabling a user or giving them a new password moves them to the next epoch,
 *   and a login session (API or browser) is stored only in its user's current epoch and is live only in the
 *   epoch it started in. Existing rows start at 0.
 * - Workspace invitations: the invitee is the username or e-mail the owner typed (canonical), never resolved
 *   to an account when inviting. `decided_at` is set exactly when the invitation leaves `pending`.
 */
export class Migration0008IdentityHardening extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table users add column security_epoch integer not null default 0;
      alter table login_sessions add column user_epoch integer not null default 0;
      alter table browser_sessions add column user_epoch integer not null default 0;

      create table workspace_invitations (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        invitee text not null,
        role text not null check (role in ('owner', 'admin', 'member')),
        invited_by uuid not null references users (id) on delete cascade,
        status text not null check (status in ('pending', 'accepted', 'declined', 'revoked')),
        created_at timestamptz not null,
        expires_at timestamptz not null,
        decided_at timestamptz,
        constraint workspace_invitations_decided_once check ((status = 'pending') = (decided_at is null))
      );
      create index workspace_invitations_workspace_idx
        on workspace_invitations (workspace_id, created_at, id) where status = 'pending';
      create index workspace_invitations_invitee_idx
        on workspace_invitations (invitee, created_at, id) where status = 'pending';
    `);
  }
}

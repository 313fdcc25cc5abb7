import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  InvitationRepository,
  ReceivedInvitation,
} from '../../../application/workspaces/ports/invitation-repository.ts';
import type { Role } from '../../../domain/kernel/roles.ts';
import {
  Invitation,
  type InvitationDecision,
  type InvitationStatus,
  type InviteeAccount,
} from '../../../domain/workspaces/invitation.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';

interface InvitationRow {
  readonly id: string;
  readonly workspace_id: string;
  readonly invitee: string;
  readonly role: Role;
  readonly invited_by: string;
  readonly status: InvitationStatus;
  readonly created_at: string;
  readonly expires_at: string;
  readonly decided_at: string | null;
}

const COLUMNS = 'id, workspace_id, invitee, role, invited_by, status, created_at, expires_at, decided_at';
const I_COLUMNS = COLUMNS.split(', ')
  .map((column) => `i.${column}`)
  .join(', ');
/** Open: pending and not expired at the bound `now`. */
const OPEN = (now: string) => `i.status = 'pending' and i.expires_at > ${now}`;

/** Workspace invitations in SQL (the invitee's list joins workspaces and users). */
export class PostgresInvitationRepository extends PostgresRepository implements InvitationRepository {
  async add(i: Invitation): Promise<void> {
    await this.db.query(
      `insert into workspace_invitations (${COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [i.id, i.workspaceId, i.invitee, i.role, i.invitedBy, i.status, i.createdAt, i.expiresAt, i.decidedAt],
    );
  }

  async findById(id: string): Promise<Invitation | undefined> {
    const [row] = await this.db.query<InvitationRow>(
      `select ${COLUMNS} from workspace_invitations where id = $1`,
      [id],
    );
    return row && toInvitation(row);
  }

  async countOpen(workspaceId: string, now: Date): Promise<number> {
    const [row] = await this.db.query<{ count: number }>(
      `select count(*)::int as count from workspace_invitations i where i.workspace_id = $1 and ${OPEN('$2')}`,
      [workspaceId, now],
    );
    return row?.count ?? 0;
  }

  async pageOpenForWorkspace(workspaceId: string, now: Date, page: PageRequest): Promise<Page<Invitation>> {
    const params = new SqlParameters();
    const rows = await this.db.query<InvitationRow>(
      `select ${I_COLUMNS} from workspace_invitations i
        where i.workspace_id = ${params.add(workspaceId)} and ${OPEN(params.add(now))}
          ${afterPosition('i.created_at, i.id', page, 'asc', params)}
        order by i.created_at, i.id limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toInvitation), page.limit, (invitation) => invitation);
  }

  async pageOpenFor(
    account: InviteeAccount,
    now: Date,
    page: PageRequest,
  ): Promise<Page<ReceivedInvitation>> {
    const params = new SqlParameters();
    const rows = await this.db.query<InvitationRow & { workspace_name: string; invited_by_name: string }>(
      `select ${I_COLUMNS}, w.name as workspace_name, u.display_name as invited_by_name
        from workspace_invitations i
        join workspaces w on w.id = i.workspace_id
        join users u on u.id = i.invited_by
        where i.invitee = any(${params.add(inviteesOf(account))}::text[])
          and ${OPEN(params.add(now))}
          ${afterPosition('i.created_at, i.id', page, 'asc', params)}
        order by i.created_at, i.id limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    const received = rows.map((row) => ({
      invitation: toInvitation(row),
      workspaceName: row.workspace_name,
      invitedByName: row.invited_by_name,
    }));
    return toPage(received, page.limit, (r) => r.invitation);
  }

  async decide(id: string, decision: InvitationDecision, now: Date): Promise<boolean> {
    const decided = await this.db.query(
      `update workspace_invitations set status = $1, decided_at = $2
        where id = $3 and status = 'pending' returning id`,
      [decision, now, id],
    );
    return decided.length === 1;
  }

  async revokePendingTo(workspaceId: string, invitee: string, now: Date): Promise<void> {
    await this.db.query(
      `update workspace_invitations set status = 'revoked', decided_at = $1
        where workspace_id = $2 and invitee = $3 and status = 'pending'`,
      [now, workspaceId, invitee],
    );
  }
}

function toInvitation(row: InvitationRow): Invitation {
  return new Invitation({
    id: row.id,
    workspaceId: row.workspace_id,
    invitee: row.invitee,
    role: row.role,
    invitedBy: row.invited_by,
    status: row.status,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    decidedAt: row.decided_at === null ? null : new Date(row.decided_at),
  });
}

/** What `account` may be invited as (Invitation.isFor): its username, and its e-mail once verified. */
function inviteesOf(account: InviteeAccount): string[] {
  return account.emailVerifiedAt === null ? [account.username] : [account.username, account.email];
}

import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  MemberView,
  WorkspaceMembershipView,
  WorkspaceRepository,
} from '../../../application/workspaces/ports/workspace-repository.ts';
import { AlreadyMember } from '../../../domain/workspaces/member-rules.ts';
import { Membership, type Role, Workspace } from '../../../domain/workspaces/workspace.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { insertWorkspace } from './insert-workspace.ts';

type Row = Record<string, unknown>;

const toWorkspace = (row: Row) =>
  new Workspace({
    id: row.id as string,
    name: row.name as string,
    personal: row.personal as boolean,
    createdAt: new Date(row.created_at as string),
  });

const toMembership = (row: Row) =>
  new Membership({
    workspaceId: row.workspace_id as string,
    userId: row.user_id as string,
    role: row.role as Role,
    createdAt: new Date(row.created_at as string),
  });

const toMemberView = (row: Row): MemberView => ({
  membership: toMembership(row),
  username: row.username as string,
  displayName: row.display_name as string,
});

const toMembershipView = (row: Row): WorkspaceMembershipView => ({
  workspace: toWorkspace(row),
  role: row.role as Role,
});

const MEMBER_SELECT = `select m.workspace_id, m.user_id, m.role, m.created_at, u.username, u.display_name
  from memberships m join users u on u.id = m.user_id`;
const USER_WORKSPACES_SELECT = `select w.id, w.name, w.personal, w.created_at, m.role
  from memberships m join workspaces w on w.id = m.workspace_id`;

/** Workspaces and memberships in SQL (the queries join users and memberships, which no entity mapping helps). */
export class PostgresWorkspaceRepository implements WorkspaceRepository {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
  }

  async listForUser(userId: string): Promise<WorkspaceMembershipView[]> {
    const rows = await this.#db.query<Row>(
      `${USER_WORKSPACES_SELECT} where m.user_id = $1 order by w.created_at, w.id limit 1000`,
      [userId],
    );
    return rows.map(toMembershipView);
  }

  async pageForUser(userId: string, page: PageRequest): Promise<Page<WorkspaceMembershipView>> {
    const params = new SqlParameters();
    const rows = await this.#db.query<Row>(
      `${USER_WORKSPACES_SELECT}
        where m.user_id = ${params.add(userId)}${afterPosition('w.created_at, w.id', page, 'asc', params)}
        order by w.created_at, w.id limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toMembershipView), page.limit, (view) => view.workspace);
  }

  async findById(id: string): Promise<Workspace | undefined> {
    const [row] = await this.#db.query<Row>(
      'select id, name, personal, created_at from workspaces where id = $1',
      [id],
    );
    return row && toWorkspace(row);
  }

  async findRole(workspaceId: string, userId: string): Promise<Role | undefined> {
    const [row] = await this.#db.query<{ role: Role }>(
      'select role from memberships where workspace_id = $1 and user_id = $2',
      [workspaceId, userId],
    );
    return row?.role;
  }

  async create(workspace: Workspace, owner: Membership): Promise<void> {
    await this.#db.transaction(() => insertWorkspace(this.#db, workspace, owner));
  }

  async update(workspace: Workspace): Promise<void> {
    await this.#db.query('update workspaces set name = $1 where id = $2', [workspace.name, workspace.id]);
  }

  async delete(id: string): Promise<void> {
    await this.#db.query('delete from workspaces where id = $1', [id]);
  }

  async listMembers(workspaceId: string, page: PageRequest): Promise<Page<MemberView>> {
    const params = new SqlParameters();
    const rows = await this.#db.query<Row>(
      `${MEMBER_SELECT}
        where m.workspace_id = ${params.add(workspaceId)}${afterPosition('m.created_at, m.user_id', page, 'asc', params)}
        order by m.created_at, m.user_id limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toMemberView), page.limit, ({ membership }) => ({
      createdAt: membership.createdAt,
      id: membership.userId,
    }));
  }

  async findMember(workspaceId: string, userId: string): Promise<MemberView | undefined> {
    const [row] = await this.#db.query<Row>(`${MEMBER_SELECT} where m.workspace_id = $1 and m.user_id = $2`, [
      workspaceId,
      userId,
    ]);
    return row && toMemberView(row);
  }

  async membersForChange(workspaceId: string): Promise<Membership[]> {
    // The workspace row is the lock every member change of the workspace takes.
    await this.#db.query('select id from workspaces where id = $1 for update', [workspaceId]);
    const rows = await this.#db.query<Row>(
      'select workspace_id, user_id, role, created_at from memberships where workspace_id = $1',
      [workspaceId],
    );
    return rows.map(toMembership);
  }

  async addMember(membership: Membership): Promise<void> {
    const inserted = await this.#db.query(
      `insert into memberships (workspace_id, user_id, role, created_at) values ($1, $2, $3, $4)
       on conflict (workspace_id, user_id) do nothing returning user_id`,
      [membership.workspaceId, membership.userId, membership.role, membership.createdAt],
    );
    if (inserted.length === 0) throw new AlreadyMember();
  }

  async setRole(workspaceId: string, userId: string, role: Role): Promise<void> {
    await this.#db.query('update memberships set role = $1 where workspace_id = $2 and user_id = $3', [
      role,
      workspaceId,
      userId,
    ]);
  }

  async removeMember(workspaceId: string, userId: string): Promise<void> {
    await this.#db.query('delete from memberships where workspace_id = $1 and user_id = $2', [
      workspaceId,
      userId,
    ]);
  }
}

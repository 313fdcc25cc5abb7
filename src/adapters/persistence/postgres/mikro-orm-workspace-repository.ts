import type { QueryResult } from '@mikro-orm/postgresql';
import type { Page, PageRequest } from '../../../application/ports/page.ts';
import type {
  MemberView,
  WorkspaceMembershipView,
  WorkspaceRepository,
} from '../../../application/ports/workspace-repository.ts';
import { AlreadyMember } from '../../../domain/workspaces/member-rules.ts';
import { Membership, type Role, Workspace } from '../../../domain/workspaces/workspace.ts';
import { boundQuery } from './bound-query.ts';
import { afterPosition, toPage } from './keyset.ts';
import { currentEm, type Orm } from './orm.ts';

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

const MEMBER_SELECT = `select m.workspace_id, m.user_id, m.role, m.created_at, u.username, u.display_name
  from memberships m join users u on u.id = m.user_id`;

const toMemberView = (row: Row): MemberView => ({
  membership: toMembership(row),
  username: row.username as string,
  displayName: row.display_name as string,
});

export class MikroOrmWorkspaceRepository implements WorkspaceRepository {
  readonly #orm: Orm;

  constructor({ orm }: { orm: Orm }) {
    this.#orm = orm;
  }

  async listForUser(userId: string): Promise<WorkspaceMembershipView[]> {
    const rows = await boundQuery<Row>(
      this.#orm,
      `select w.id, w.name, w.personal, w.created_at, m.role
         from memberships m join workspaces w on w.id = m.workspace_id
        where m.user_id = $1
        order by w.created_at, w.id limit 1000`,
      [userId],
    );
    return rows.map((row) => ({ workspace: toWorkspace(row), role: row.role as Role }));
  }

  async pageForUser(userId: string, page: PageRequest): Promise<Page<WorkspaceMembershipView>> {
    const after = afterPosition('w.created_at, w.id', page, 'asc');
    const rows: Row[] = await currentEm(this.#orm).execute(
      `select w.id, w.name, w.personal, w.created_at, m.role
         from memberships m join workspaces w on w.id = m.workspace_id
        where m.user_id = ?${after.sql}
        order by w.created_at, w.id limit ?`,
      [userId, ...after.params, page.limit + 1],
    );
    const views = rows.map((row) => ({ workspace: toWorkspace(row), role: row.role as Role }));
    return toPage(views, page.limit, (view) => view.workspace);
  }

  async findById(id: string): Promise<Workspace | undefined> {
    const rows = await boundQuery<Row>(
      this.#orm,
      'select id, name, personal, created_at from workspaces where id = $1',
      [id],
    );
    return rows[0] && toWorkspace(rows[0]);
  }

  async findRole(workspaceId: string, userId: string): Promise<Role | undefined> {
    // Every access check asks this: no EntityManager fork.
    const rows = await boundQuery<Row>(
      this.#orm,
      'select role from memberships where workspace_id = $1 and user_id = $2',
      [workspaceId, userId],
    );
    return rows[0]?.role as Role | undefined;
  }

  async create(workspace: Workspace, owner: Membership): Promise<void> {
    await currentEm(this.#orm).transactional(async (tx) => {
      await tx.execute('insert into workspaces (id, name, personal, created_at) values (?, ?, ?, ?)', [
        workspace.id,
        workspace.name,
        workspace.personal,
        workspace.createdAt,
      ]);
      await tx.execute(
        'insert into memberships (workspace_id, user_id, role, created_at) values (?, ?, ?, ?)',
        [owner.workspaceId, owner.userId, owner.role, owner.createdAt],
      );
    });
  }

  async update(workspace: Workspace): Promise<void> {
    await currentEm(this.#orm).execute('update workspaces set name = ? where id = ?', [
      workspace.name,
      workspace.id,
    ]);
  }

  async delete(id: string): Promise<void> {
    await currentEm(this.#orm).execute('delete from workspaces where id = ?', [id]);
  }

  async listMembers(workspaceId: string, page: PageRequest): Promise<Page<MemberView>> {
    const after = afterPosition('m.created_at, m.user_id', page, 'asc');
    const rows: Row[] = await currentEm(this.#orm).execute(
      `${MEMBER_SELECT} where m.workspace_id = ?${after.sql} order by m.created_at, m.user_id limit ?`,
      [workspaceId, ...after.params, page.limit + 1],
    );
    return toPage(rows.map(toMemberView), page.limit, ({ membership }) => ({
      createdAt: membership.createdAt,
      id: membership.userId,
    }));
  }

  async findMember(workspaceId: string, userId: string): Promise<MemberView | undefined> {
    const rows: Row[] = await currentEm(this.#orm).execute(
      `${MEMBER_SELECT} where m.workspace_id = ? and m.user_id = ?`,
      [workspaceId, userId],
    );
    return rows[0] && toMemberView(rows[0]);
  }

  async membersForChange(workspaceId: string): Promise<Membership[]> {
    const em = currentEm(this.#orm);
    // The workspace row is the lock every member change of the workspace takes.
    await em.execute('select id from workspaces where id = ? for update', [workspaceId]);
    const rows: Row[] = await em.execute(
      'select workspace_id, user_id, role, created_at from memberships where workspace_id = ?',
      [workspaceId],
    );
    return rows.map(toMembership);
  }

  async addMember(membership: Membership): Promise<void> {
    const result = await currentEm(this.#orm).execute<QueryResult>(
      `insert into memberships (workspace_id, user_id, role, created_at) values (?, ?, ?, ?)
       on conflict (workspace_id, user_id) do nothing`,
      [membership.workspaceId, membership.userId, membership.role, membership.createdAt],
      'run',
    );
    if (result.affectedRows === 0) throw new AlreadyMember();
  }

  async setRole(workspaceId: string, userId: string, role: Role): Promise<void> {
    await currentEm(this.#orm).execute(
      'update memberships set role = ? where workspace_id = ? and user_id = ?',
      [role, workspaceId, userId],
    );
  }

  async removeMember(workspaceId: string, userId: string): Promise<void> {
    await currentEm(this.#orm).execute('delete from memberships where workspace_id = ? and user_id = ?', [
      workspaceId,
      userId,
    ]);
  }
}

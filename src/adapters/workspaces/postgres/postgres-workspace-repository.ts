import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  MemberView,
  WorkspaceMembershipView,
  WorkspaceRepository,
} from '../../../application/workspaces/ports/workspace-repository.ts';
import type { Role } from '../../../domain/kernel/roles.ts';
import type { Membership, Workspace } from '../../../domain/workspaces/workspace.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { findRole, findWorkspace, listWorkspacesForUser, pageWorkspacesForUser } from './find-workspaces.ts';
import { insertWorkspace } from './insert-workspace.ts';
import * as members from './workspace-members.ts';

/** Workspaces and memberships in SQL (the queries join users and memberships, which no entity mapping helps). */
export class PostgresWorkspaceRepository extends PostgresRepository implements WorkspaceRepository {
  listForUser(userId: string): Promise<WorkspaceMembershipView[]> {
    return listWorkspacesForUser(this.db, userId);
  }

  pageForUser(userId: string, page: PageRequest): Promise<Page<WorkspaceMembershipView>> {
    return pageWorkspacesForUser(this.db, userId, page);
  }

  findById(id: string): Promise<Workspace | undefined> {
    return findWorkspace(this.db, id);
  }

  findRole(workspaceId: string, userId: string): Promise<Role | undefined> {
    return findRole(this.db, workspaceId, userId);
  }

  async create(workspace: Workspace, owner: Membership): Promise<void> {
    await this.db.transaction(() => insertWorkspace(this.db, workspace, owner));
  }

  async update(workspace: Workspace): Promise<void> {
    await this.db.query('update workspaces set name = $1 where id = $2', [workspace.name, workspace.id]);
  }

  async delete(id: string): Promise<void> {
    await this.db.query('delete from workspaces where id = $1', [id]);
  }

  listMembers(workspaceId: string, page: PageRequest): Promise<Page<MemberView>> {
    return members.listMembers(this.db, workspaceId, page);
  }

  findMember(workspaceId: string, userId: string): Promise<MemberView | undefined> {
    return members.findMember(this.db, workspaceId, userId);
  }

  membersForChange(workspaceId: string): Promise<Membership[]> {
    return members.membersForChange(this.db, workspaceId);
  }

  addMember(membership: Membership): Promise<void> {
    return members.addMember(this.db, membership);
  }

  setRole(workspaceId: string, userId: string, role: Role): Promise<void> {
    return members.setRole(this.db, workspaceId, userId, role);
  }

  removeMember(workspaceId: string, userId: string): Promise<void> {
    return members.removeMember(this.db, workspaceId, userId);
  }
}

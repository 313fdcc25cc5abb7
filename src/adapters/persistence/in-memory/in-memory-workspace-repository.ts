import type { Page, PageRequest } from '../../../application/ports/page.ts';
import type { UserRepository } from '../../../application/ports/user-repository.ts';
import type {
  MemberView,
  WorkspaceMembershipView,
  WorkspaceRepository,
} from '../../../application/ports/workspace-repository.ts';
import { AlreadyMember } from '../../../domain/workspaces/member-rules.ts';
import { Membership, type Role, Workspace } from '../../../domain/workspaces/workspace.ts';
import { pageOf } from './in-memory-page.ts';

/**
 * Workspaces and memberships in memory; copies in and out. Member views need the users: pass a lazy lookup
 * (the user repository itself is built with this one).
 */
export class InMemoryWorkspaceRepository implements WorkspaceRepository {
  readonly #workspaces = new Map<string, Workspace>();
  #memberships: Membership[] = [];
  readonly #users: (() => UserRepository) | undefined;

  constructor({ users }: { users?: () => UserRepository } = {}) {
    this.#users = users;
  }

  add(workspace: Workspace, ...memberships: Membership[]): void {
    this.#workspaces.set(workspace.id, new Workspace(workspace));
    this.#memberships.push(...memberships.map((m) => new Membership(m)));
  }

  async listForUser(userId: string): Promise<WorkspaceMembershipView[]> {
    return this.#viewsFor(userId).sort(
      (a, b) => a.workspace.createdAt.getTime() - b.workspace.createdAt.getTime(),
    );
  }

  async pageForUser(userId: string, page: PageRequest): Promise<Page<WorkspaceMembershipView>> {
    return pageOf(this.#viewsFor(userId), (view) => view.workspace, page, 'asc');
  }

  async findById(id: string): Promise<Workspace | undefined> {
    const workspace = this.#workspaces.get(id);
    return workspace && new Workspace(workspace);
  }

  async findRole(workspaceId: string, userId: string): Promise<Role | undefined> {
    return this.#find(workspaceId, userId)?.role;
  }

  async create(workspace: Workspace, owner: Membership): Promise<void> {
    this.add(workspace, owner);
  }

  async update(workspace: Workspace): Promise<void> {
    if (this.#workspaces.has(workspace.id)) this.#workspaces.set(workspace.id, new Workspace(workspace));
  }

  async delete(id: string): Promise<void> {
    this.#workspaces.delete(id);
    this.#memberships = this.#memberships.filter((m) => m.workspaceId !== id);
  }

  async listMembers(workspaceId: string, page: PageRequest): Promise<Page<MemberView>> {
    const members = this.#memberships.filter((m) => m.workspaceId === workspaceId);
    const result = pageOf(members, (m) => ({ createdAt: m.createdAt, id: m.userId }), page, 'asc');
    return { items: await Promise.all(result.items.map((m) => this.#view(m))), next: result.next };
  }

  async findMember(workspaceId: string, userId: string): Promise<MemberView | undefined> {
    const membership = this.#find(workspaceId, userId);
    return membership && this.#view(membership);
  }

  async membersForChange(workspaceId: string): Promise<Membership[]> {
    return this.#memberships.filter((m) => m.workspaceId === workspaceId).map((m) => new Membership(m));
  }

  async addMember(membership: Membership): Promise<void> {
    if (this.#find(membership.workspaceId, membership.userId)) throw new AlreadyMember();
    this.#memberships.push(new Membership(membership));
  }

  async setRole(workspaceId: string, userId: string, role: Role): Promise<void> {
    const membership = this.#find(workspaceId, userId);
    if (membership) membership.role = role;
  }

  async removeMember(workspaceId: string, userId: string): Promise<void> {
    this.#memberships = this.#memberships.filter((m) => m.workspaceId !== workspaceId || m.userId !== userId);
  }

  #find(workspaceId: string, userId: string): Membership | undefined {
    return this.#memberships.find((m) => m.workspaceId === workspaceId && m.userId === userId);
  }

  #viewsFor(userId: string): WorkspaceMembershipView[] {
    return this.#memberships
      .filter((m) => m.userId === userId)
      .flatMap((m) => {
        const workspace = this.#workspaces.get(m.workspaceId);
        return workspace ? [{ workspace: new Workspace(workspace), role: m.role }] : [];
      });
  }

  async #view(membership: Membership): Promise<MemberView> {
    const user = await this.#users?.().findById(membership.userId);
    return {
      membership: new Membership(membership),
      username: user?.username ?? '',
      displayName: user?.displayName ?? '',
    };
  }
}

import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  MemberView,
  WorkspaceMembershipView,
  WorkspaceRepository,
} from '../../../application/workspaces/ports/workspace-repository.ts';
import type { Role } from '../../../domain/kernel/roles.ts';
import { AlreadyMember } from '../../../domain/workspaces/member-rules.ts';
import type { Membership, Workspace } from '../../../domain/workspaces/workspace.ts';
import { identityTables } from '../../identity/index.ts';
import { comparePositions, pageOf } from '../../platform/memory/in-memory-page.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { membershipKey, workspaceTables } from './workspace-tables.ts';

/**
 * Workspaces and memberships in the store. `membersForChange` needs no lock of its own: a unit of work
 * already has the store to itself.
 */
export class InMemoryWorkspaceRepository
  extends inMemoryRepository(workspaceTables)
  implements WorkspaceRepository
{
  listForUser(userId: string): Promise<WorkspaceMembershipView[]> {
    return this.atomically(() =>
      this.#viewsFor(userId)
        .sort((a, b) => comparePositions(a.workspace, b.workspace))
        .slice(0, 1000),
    );
  }

  pageForUser(userId: string, page: PageRequest): Promise<Page<WorkspaceMembershipView>> {
    return this.atomically(() => pageOf(this.#viewsFor(userId), (view) => view.workspace, page, 'asc'));
  }

  findById(id: string): Promise<Workspace | undefined> {
    return this.atomically((tables) => tables.workspaces.get(id));
  }

  findRole(workspaceId: string, userId: string): Promise<Role | undefined> {
    return this.atomically(() => this.#membership(workspaceId, userId)?.role);
  }

  create(workspace: Workspace, owner: Membership): Promise<void> {
    return this.atomically(() => {
      this.tables.workspaces.put(workspace);
      this.tables.memberships.put(owner);
    });
  }

  async update(workspace: Workspace): Promise<void> {
    await this.atomically(() =>
      this.tables.workspaces.update(workspace.id, (stored) => {
        stored.name = workspace.name;
      }),
    );
  }

  delete(id: string): Promise<void> {
    return this.atomically(() => {
      // The tables of what belongs to a workspace cascade from it (memberships, missions, keys, ...).
      this.tables.workspaces.delete(id);
    });
  }

  listMembers(workspaceId: string, page: PageRequest): Promise<Page<MemberView>> {
    return this.atomically(() => {
      const members = this.tables.memberships
        .filter((m) => m.workspaceId === workspaceId)
        .flatMap((m) => this.#view(m) ?? []);
      const position = ({ membership }: MemberView) => ({
        createdAt: membership.createdAt,
        id: membership.userId,
      });
      return pageOf(members, position, page, 'asc');
    });
  }

  findMember(workspaceId: string, userId: string): Promise<MemberView | undefined> {
    return this.atomically(() => {
      const membership = this.#membership(workspaceId, userId);
      return membership && this.#view(membership);
    });
  }

  membersForChange(workspaceId: string): Promise<Membership[]> {
    return this.atomically(() => this.tables.memberships.filter((m) => m.workspaceId === workspaceId));
  }

  addMember(membership: Membership): Promise<void> {
    return this.atomically(() => {
      if (this.#membership(membership.workspaceId, membership.userId)) throw new AlreadyMember();
      this.tables.memberships.put(membership);
    });
  }

  async setRole(workspaceId: string, userId: string, role: Role): Promise<void> {
    await this.atomically(() =>
      this.tables.memberships.update(membershipKey(workspaceId, userId), (membership) => {
        membership.role = role;
      }),
    );
  }

  async removeMember(workspaceId: string, userId: string): Promise<void> {
    await this.atomically(() => this.tables.memberships.delete(membershipKey(workspaceId, userId)));
  }

  #membership(workspaceId: string, userId: string): Membership | undefined {
    return this.tables.memberships.get(membershipKey(workspaceId, userId));
  }

  #viewsFor(userId: string): WorkspaceMembershipView[] {
    return this.tables.memberships
      .filter((m) => m.userId === userId)
      .flatMap((m) => {
        const workspace = this.tables.workspaces.get(m.workspaceId);
        return workspace ? [{ workspace, role: m.role }] : [];
      });
  }

  /** The membership joined with its user, like the SQL join: undefined when the user is missing. */
  #view(membership: Membership): MemberView | undefined {
    const user = identityTables(this.store).users.get(membership.userId);
    return user && { membership, username: user.username, displayName: user.displayName };
  }
}

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
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { membershipKey, workspaceTables } from './workspace-tables.ts';

/**
 * Workspaces and memberships in the store. `membersForChange` needs no lock of its own: a unit of work
 * already has the store to itself.
 */
export class InMemoryWorkspaceRepository implements WorkspaceRepository {
  readonly #store: InMemoryStore;

  constructor({ store }: { store: InMemoryStore }) {
    this.#store = store;
  }

  listForUser(userId: string): Promise<WorkspaceMembershipView[]> {
    return this.#store.atomically(() =>
      this.#viewsFor(userId)
        .sort((a, b) => comparePositions(a.workspace, b.workspace))
        .slice(0, 1000),
    );
  }

  pageForUser(userId: string, page: PageRequest): Promise<Page<WorkspaceMembershipView>> {
    return this.#store.atomically(() =>
      pageOf(this.#viewsFor(userId), (view) => view.workspace, page, 'asc'),
    );
  }

  findById(id: string): Promise<Workspace | undefined> {
    return this.#store.atomically(() => workspaceTables(this.#store).workspaces.get(id));
  }

  findRole(workspaceId: string, userId: string): Promise<Role | undefined> {
    return this.#store.atomically(() => this.#membership(workspaceId, userId)?.role);
  }

  create(workspace: Workspace, owner: Membership): Promise<void> {
    return this.#store.atomically(() => {
      workspaceTables(this.#store).workspaces.put(workspace);
      workspaceTables(this.#store).memberships.put(owner);
    });
  }

  async update(workspace: Workspace): Promise<void> {
    await this.#store.atomically(() =>
      workspaceTables(this.#store).workspaces.update(workspace.id, (stored) => {
        stored.name = workspace.name;
      }),
    );
  }

  delete(id: string): Promise<void> {
    return this.#store.atomically(() => {
      // The tables of what belongs to a workspace cascade from it (memberships, missions, keys, ...).
      workspaceTables(this.#store).workspaces.delete(id);
    });
  }

  listMembers(workspaceId: string, page: PageRequest): Promise<Page<MemberView>> {
    return this.#store.atomically(() => {
      const members = workspaceTables(this.#store)
        .memberships.filter((m) => m.workspaceId === workspaceId)
        .flatMap((m) => this.#view(m) ?? []);
      const position = ({ membership }: MemberView) => ({
        createdAt: membership.createdAt,
        id: membership.userId,
      });
      return pageOf(members, position, page, 'asc');
    });
  }

  findMember(workspaceId: string, userId: string): Promise<MemberView | undefined> {
    return this.#store.atomically(() => {
      const membership = this.#membership(workspaceId, userId);
      return membership && this.#view(membership);
    });
  }

  membersForChange(workspaceId: string): Promise<Membership[]> {
    return this.#store.atomically(() =>
      workspaceTables(this.#store).memberships.filter((m) => m.workspaceId === workspaceId),
    );
  }

  addMember(membership: Membership): Promise<void> {
    return this.#store.atomically(() => {
      if (this.#membership(membership.workspaceId, membership.userId)) throw new AlreadyMember();
      workspaceTables(this.#store).memberships.put(membership);
    });
  }

  async setRole(workspaceId: string, userId: string, role: Role): Promise<void> {
    await this.#store.atomically(() =>
      workspaceTables(this.#store).memberships.update(membershipKey(workspaceId, userId), (membership) => {
        membership.role = role;
      }),
    );
  }

  async removeMember(workspaceId: string, userId: string): Promise<void> {
    await this.#store.atomically(() =>
      workspaceTables(this.#store).memberships.delete(membershipKey(workspaceId, userId)),
    );
  }

  #membership(workspaceId: string, userId: string): Membership | undefined {
    return workspaceTables(this.#store).memberships.get(membershipKey(workspaceId, userId));
  }

  #viewsFor(userId: string): WorkspaceMembershipView[] {
    return workspaceTables(this.#store)
      .memberships.filter((m) => m.userId === userId)
      .flatMap((m) => {
        const workspace = workspaceTables(this.#store).workspaces.get(m.workspaceId);
        return workspace ? [{ workspace, role: m.role }] : [];
      });
  }

  /** The membership joined with its user, like the SQL join: undefined when the user is missing. */
  #view(membership: Membership): MemberView | undefined {
    const user = identityTables(this.#store).users.get(membership.userId);
    return user && { membership, username: user.username, displayName: user.displayName };
  }
}

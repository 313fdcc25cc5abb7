import type { Role } from '../../../domain/kernel/roles.ts';
import type { Membership, Workspace } from '../../../domain/workspaces/workspace.ts';
import type { UserWorkspaces } from '../../identity/index.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

export interface WorkspaceMembershipView {
  readonly workspace: Workspace;
  readonly role: Role;
}

/** A membership with what other members may see of the user. */
export interface MemberView {
  readonly membership: Membership;
  readonly username: string;
  readonly displayName: string;
}

/** Workspaces and memberships; as `UserWorkspaces` it answers the identity area's account view. */
export interface WorkspaceRepository extends UserWorkspaces {
  /** The workspaces the user belongs to, with the user's role in each, oldest first. */
  listForUser(userId: string): Promise<WorkspaceMembershipView[]>;
  /** One page of the user's workspaces with the user's role, ordered by (createdAt, id) ascending. */
  pageForUser(userId: string, page: PageRequest): Promise<Page<WorkspaceMembershipView>>;
  findById(id: string): Promise<Workspace | undefined>;
  /** The user's role in the workspace; undefined when they are not a member (or it does not exist). */
  findRole(workspaceId: string, userId: string): Promise<Role | undefined>;
  /** Stores a new workspace together with its first owner's membership, atomically. */
  create(workspace: Workspace, owner: Membership): Promise<void>;
  /** Stores the workspace's changed name. */
  update(workspace: Workspace): Promise<void>;
  /** Deletes the workspace with everything that belongs to it (memberships, missions, runs, triggers). */
  delete(id: string): Promise<void>;
  /** One page of the members, ordered by (membership createdAt, user id) ascending; `id` in positions is the user id. */
  listMembers(workspaceId: string, page: PageRequest): Promise<Page<MemberView>>;
  findMember(workspaceId: string, userId: string): Promise<MemberView | undefined>;
  /**
   * The workspace's memberships, locked until the surrounding unit-of-work transaction ends, so that member
   * changes of one workspace are serialised (two owners demoting each other cannot both succeed). Call it
   * inside `UnitOfWork.transaction`.
   */
  membersForChange(workspaceId: string): Promise<Membership[]>;
  /** Adds a membership; throws AlreadyMember when the user already belongs to the workspace. */
  addMember(membership: Membership): Promise<void>;
  setRole(workspaceId: string, userId: string, role: Role): Promise<void>;
  removeMember(workspaceId: string, userId: string): Promise<void>;
}

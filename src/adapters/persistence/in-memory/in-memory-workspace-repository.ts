import type {
  WorkspaceMembershipView,
  WorkspaceRepository,
} from '../../../application/ports/workspace-repository.ts';
import { Membership, Workspace } from '../../../domain/workspaces/workspace.ts';

export class InMemoryWorkspaceRepository implements WorkspaceRepository {
  readonly #workspaces = new Map<string, Workspace>();
  readonly #memberships: Membership[] = [];

  add(workspace: Workspace, ...memberships: Membership[]): void {
    this.#workspaces.set(workspace.id, new Workspace(workspace));
    this.#memberships.push(...memberships.map((m) => new Membership(m)));
  }

  async listForUser(userId: string): Promise<WorkspaceMembershipView[]> {
    return this.#memberships
      .filter((m) => m.userId === userId)
      .flatMap((m) => {
        const workspace = this.#workspaces.get(m.workspaceId);
        return workspace ? [{ workspace: new Workspace(workspace), role: m.role }] : [];
      })
      .sort((a, b) => a.workspace.createdAt.getTime() - b.workspace.createdAt.getTime());
  }
}
